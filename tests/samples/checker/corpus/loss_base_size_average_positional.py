# seen in: 6-DoF pose code whose losses subclass torch's _Loss base and call super().__init__(True): size_average
# passed by position, which warns on 2.15; the reduction keyword is quiet
import torch
from torch.nn.modules.loss import _Loss


class PoseLoss(_Loss):
    def __init__(self, num_points):
        super(PoseLoss, self).__init__(True)  # finding: loss-size-average-reduce
        self.num_points = num_points

    def forward(self, pred, target):
        return torch.mean(torch.norm(pred - target, dim=2))


class RefineLoss(_Loss):
    def __init__(self):
        super().__init__(reduction="mean")
