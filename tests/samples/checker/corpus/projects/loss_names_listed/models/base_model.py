# seen in: chail/patch-forensics' models/base_model.py: get_current_losses converts each attribute its subclass
# lists in self.loss_names, names that hold the "loss_" part themselves, with float()
from collections import OrderedDict

import torch


class BaseModel:
    def __init__(self):
        self.loss_names = []
        self.metric_names = []

    def get_current_losses(self):
        errors_ret = OrderedDict()
        for name in self.loss_names:
            errors_ret[name] = float(getattr(self, name))  # finding: float-of-requires-grad-tensor
        return errors_ret

    def get_current_metrics(self):
        return {name: float(getattr(self, name)) for name in self.metric_names}
