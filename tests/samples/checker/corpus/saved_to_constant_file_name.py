# A model base class that keeps its hyper-parameters object beside the checkpoints: create() saves it to a file named
# by a module constant and load() reads the same file back, in another method; the hparams object is refused by
# weights_only ("Unsupported global").
import os

import torch
from torch import nn

HYPERPARAMS_FILE = "hyperparams.pt"
CHECKPOINT_FILE = "checkpoint-{}.pt"
STATE_FILE = "state.pt"


class Model(nn.Module):
    def __init__(self, hparams=None):
        super().__init__()
        self.hparams = hparams

    @classmethod
    def create(cls, model_dir, hparams):
        model = cls(hparams)
        torch.save(hparams, os.path.join(model_dir, HYPERPARAMS_FILE))
        torch.save(model.state_dict(), os.path.join(model_dir, STATE_FILE))
        return model

    @classmethod
    def load(cls, model_dir, checkpoint):
        hparams_path = os.path.join(model_dir, HYPERPARAMS_FILE)
        hparams = torch.load(hparams_path)  # finding: torch-load-saved-objects
        model = cls(hparams)
        # look-alikes: the state dict saved under another constant, and a checkpoint name formatted per step
        model.load_state_dict(torch.load(os.path.join(model_dir, STATE_FILE)))
        model.load_state_dict(torch.load(os.path.join(model_dir, CHECKPOINT_FILE.format(checkpoint))))
        return model
