import torch


class Vocoder(torch.nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = torch.nn.Conv1d(channels, channels, 3)
