# seen in: a depth-completion model on the CycleGAN base class whose subclass adds each loss attribute to a running
# self.loss and calls backward() on the total: the base's float() then converts losses that still require grad
from collections import OrderedDict

import torch


class BaseModel:
    def __init__(self):
        self.loss_names = []

    def get_current_losses(self):
        errors = OrderedDict()
        for name in self.loss_names:
            errors[name] = float(getattr(self, "loss_" + name))  # finding: float-of-requires-grad-tensor
        return errors

    def save_networks(self, path):
        torch.save(self.net.state_dict(), path)
