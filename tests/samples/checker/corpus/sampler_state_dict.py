# seen in: Open-Sora checkpoint I/O (its distributed samplers define state_dict(self, step))
import os

import torch


def save(save_dir, model, sampler, step, prefix):
    torch.save(sampler.state_dict(step), os.path.join(save_dir, "sampler"))
    torch.save(model.state_dict(None, prefix), os.path.join(save_dir, "model"))  # finding: module-state-dict-positional
    torch.save(model.state_dict(prefix=prefix), os.path.join(save_dir, "model"))


class Trainer:
    def save(self, path, step):
        torch.save({"sampler": self.train_sampler.state_dict(step), "model": self.model.state_dict()}, path)
