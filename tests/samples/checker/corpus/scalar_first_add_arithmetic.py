# seen in: a hand-written Adam whose weight decay passes the scaled rate first to the out-of-place add:
# arithmetic on a hyperparameter is still the deprecated (Number alpha, Tensor other) overload; arithmetic on
# plain counters is not evidence of a tensor receiver
import math

import torch


class Adam(torch.optim.Optimizer):
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                step_size = group["lr"] * math.sqrt(1 - 0.999) / (1 - 0.9)
                p.data.add(-step_size * group["weight_decay"], p.data)  # finding: scalar-first-add-method-out-of-place
                p.data.add(p.data, alpha=-step_size * group["weight_decay"])


def count(meter, n, k):
    meter.add(n + 1, k)
    meter.add(n * 2, k)
