# seen in: a segmentation framework's top-k loss, a subclass of its own CrossEntropyLoss subclass, whose
# __init__ hands size_average positionally and reduce= to super().__init__ (nnUNet's robust_ce_loss.py); a
# class in between that defines __init__ decides what reaches torch, so it is left alone, and so are
# arguments that only forward the subclass's own parameters (their callers decide); a keyword torch no longer
# takes raises whatever its value (deepspeech.pytorch's DSRandomSampler)
import torch
from torch import nn


class RobustCrossEntropyLoss(nn.CrossEntropyLoss):
    def forward(self, input, target):
        return super().forward(input, target.long())


class TopKLoss(RobustCrossEntropyLoss):
    def __init__(self, weight=None, ignore_index=-100, k=10):
        self.k = k
        super(TopKLoss, self).__init__(weight, False, ignore_index, reduce=False)  # finding: loss-size-average-reduce


class OwnInit(nn.CrossEntropyLoss):
    def __init__(self, weight=None, size_average=None, reduce=None):
        super().__init__(weight, reduction="none")


class Unrolled(OwnInit):
    def __init__(self):
        super().__init__(None, reduce=False)


class Plain(nn.MSELoss):
    def __init__(self):
        super().__init__(reduction="sum")


class LargeMargin(nn.CrossEntropyLoss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        super().__init__(weight=weight, size_average=size_average, ignore_index=ignore_index, reduce=reduce,
                         reduction=reduction)


class ResettingSampler(torch.utils.data.Sampler):
    def __init__(self, dataset):
        super().__init__(data_source=dataset)  # finding: sampler-data-source-argument-removed
