# seen in: a distillation library's loss wrappers: the constructor keeps torch's own size_average=None and
# reduce=None as attributes and forward() passes them on (by keyword or by position). A registry builds the loss
# from configs that never set them, so torch never warns. A caller that sets one, an attribute stored twice, and a
# parameter whose default is not None keep the finding.
import torch.nn.functional as F
from torch import nn


class StoredL1(nn.Module):
    def __init__(self, weight=1.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        self.weight = weight
        self.size_average = size_average
        self.reduce = reduce
        self.reduction = reduction

    def forward(self, student, teacher):
        return self.weight * F.l1_loss(student, teacher, self.size_average, self.reduce, self.reduction)


class StoredKeywordMSE(nn.Module):
    def __init__(self, size_average=None):
        super().__init__()
        self.size_average = size_average

    def forward(self, a, b):
        return F.mse_loss(a, b, size_average=self.size_average)


class CalledWithLegacy(nn.Module):
    def __init__(self, size_average=None):
        super().__init__()
        self.size_average = size_average

    def forward(self, a, b):
        return F.smooth_l1_loss(a, b, size_average=self.size_average)  # finding: loss-size-average-reduce


class StoredTwice(nn.Module):
    def __init__(self, size_average=None):
        super().__init__()
        self.size_average = size_average

    def legacy(self):
        self.size_average = False

    def forward(self, a, b):
        return F.l1_loss(a, b, size_average=self.size_average)  # finding: loss-size-average-reduce


class TrueByDefault(nn.Module):
    def __init__(self, size_average=True):
        super().__init__()
        self.size_average = size_average

    def forward(self, a, b):
        return F.l1_loss(a, b, self.size_average)  # finding: loss-size-average-reduce


def build():
    return CalledWithLegacy(size_average=False)
