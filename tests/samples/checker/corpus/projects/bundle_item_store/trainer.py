# seen in: a speech model trainer whose bundles keep the argparse Namespace of the run under "config"
import torch


class Trainer:
    def save(self, path):
        torch.save({"model": self.model.state_dict(), "config": self.args, "phn2num": self.phn2num}, path)
