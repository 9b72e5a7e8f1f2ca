# seen in: RUCAIBox/RecBole recbole/trainer/trainer.py: the project's trainer writes every checkpoint with
# pickle_protocol=4, which torch 2.15's weights_only unpickler refuses whatever the file holds
# ("Unsupported operand 149", checked on a dict of tensors)
import torch


class Trainer:
    def _save_checkpoint(self, epoch, saved_model_file):
        state = {
            "config": self.config,
            "epoch": epoch,
            "state_dict": self.model.state_dict(),
            "optimizer": self.optimizer.state_dict(),
        }
        torch.save(state, saved_model_file, pickle_protocol=4)

    def save_embeddings(self, path):
        torch.save({"user": self.model.user.weight, "item": self.model.item.weight}, path)
