# seen in: CycleGAN/pix2pix-derived models, whose base class converts each loss a subclass names with float(): the
# subclasses keep their graph losses on self and call backward() on them, so the conversion warns since 2.8
from collections import OrderedDict

import torch


class BaseModel:
    def __init__(self):
        self.loss_names = []

    def get_current_losses(self):
        errors = OrderedDict()
        for name in self.loss_names:
            errors[name] = float(getattr(self, 'loss_' + name))  # finding: float-of-requires-grad-tensor
        return errors

    def get_current_metrics(self):
        return {name: float(getattr(self, 'metric_' + name)) for name in self.metric_names}

    def save_networks(self, path):
        torch.save(self.net_g.state_dict(), path)
