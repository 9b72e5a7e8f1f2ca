import torch.nn as nn


class DynamicConv2d(nn.Conv2d):
    def prune(self, keep):
        self.out_channels = keep


class DynamicLinear(nn.Linear):
    pass


class Recorder:
    def attach(self):
        self.handle = self.register_backward_hook(lambda *args: None)
