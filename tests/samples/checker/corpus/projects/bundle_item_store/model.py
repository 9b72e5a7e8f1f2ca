import torch


class SpeechModel(torch.nn.Module):
    def __init__(self, args):
        super().__init__()
        self.args = args
