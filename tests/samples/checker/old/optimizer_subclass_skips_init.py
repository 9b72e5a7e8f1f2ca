# expect: removed-and-legacy-calls#lookahead-style-wrappers-that-skip-optimizer__init__
from collections import defaultdict

from torch.optim import Optimizer


class Lookahead(Optimizer):
    def __init__(self, optimizer, alpha=0.5):
        self.optimizer = optimizer
        self.alpha = alpha
        self.param_groups = optimizer.param_groups
        self.state = defaultdict(dict)
