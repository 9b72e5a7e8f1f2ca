# seen in: Lightning examples/fabric/build_your_own_trainer (fabric.save turns modules and optimizers
# into state_dicts, so a state holding the model objects saves plain tensors)
import torch


class Trainer:
    def fit(self, model, optimizer):
        state = {"model": model, "optim": optimizer, "epoch": 0}
        self.save(state)

    def save(self, state):
        self.fabric.save(self.checkpoint_dir, state)


def load_sharded(path, module):
    sharded_ckpt = torch.load(path)
    module.load_state_dict(sharded_ckpt["model"])
