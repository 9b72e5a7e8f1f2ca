# seen in: Lookahead and EMA/SWA optimizer wrappers (2019-2021) copied into drug-discovery, pathology and detection
# repositories: they subclass Optimizer but fill param_groups and state by hand, never running Optimizer.__init__
from collections import defaultdict

import torch
from torch.optim import Optimizer


class Lookahead(Optimizer):
    def __init__(self, optimizer, k=5, alpha=0.5):  # finding: optimizer-subclass-skips-init
        self.optimizer = optimizer
        self.k = k
        self.alpha = alpha
        self.param_groups = self.optimizer.param_groups
        self.state = defaultdict(dict)

    def step(self, closure=None):
        return self.optimizer.step(closure)


class CalledInit(torch.optim.Optimizer):
    def __init__(self, optimizer):
        super(CalledInit, self).__init__(optimizer.param_groups, optimizer.defaults)
        self.optimizer = optimizer


class NamedBaseInit(Optimizer):
    def __init__(self, params, lr=0.1):
        Optimizer.__init__(self, params, dict(lr=lr))


class HooksByHand(Optimizer):
    def __init__(self, base):
        self.base = base
        self.param_groups = base.param_groups
        self.defaults = base.defaults
        self.state = defaultdict(dict)
        self._optimizer_step_pre_hooks = {}
        self._optimizer_step_post_hooks = {}


class NoOwnInit(Lookahead):
    pass


# seen in: a semi-supervised classification toolbox's LARS wrapper, which defines every base method a loop reaches
class DelegatingLARS(Optimizer):
    def __init__(self, optimizer, trust_coef=0.001):
        self.optim = optimizer
        self.trust_coef = trust_coef

    @property
    def param_groups(self):
        return self.optim.param_groups

    def zero_grad(self):
        self.optim.zero_grad()

    def state_dict(self):
        return self.optim.state_dict()

    def load_state_dict(self, state_dict):
        self.optim.load_state_dict(state_dict)

    def step(self, *args, **kwargs):
        return self.optim.step(*args, **kwargs)
