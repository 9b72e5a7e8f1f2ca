import torch
from torch import nn


class Tacotron(nn.Module):
    def load_checkpoint(self, checkpoint_path):
        # the same format as speech/utils/io.py's load_checkpoint reads, without its fallback
        state = torch.load(checkpoint_path, map_location="cpu")  # finding: torch-load-saved-in-project
        self.load_state_dict(state["model"])
        self.decoder.set_r(state["r"])
