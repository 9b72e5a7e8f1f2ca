# seen in: a point-cloud library's registry losses: the wrapper takes torch's own size_average=None, reduce=None
# and passes them on; a registry builds it from configs that never set them, so torch never warns. A wrapper
# whose caller in the project sets the legacy argument keeps the finding at the forwarding call.
import torch.nn as nn


class RegistryCrossEntropy(nn.Module):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        self.loss = nn.CrossEntropyLoss(weight=weight, size_average=size_average, reduce=reduce, reduction=reduction)


class LegacyNLL(nn.Module):
    def __init__(self, size_average=None, reduce=None):
        super().__init__()
        self.loss = nn.NLLLoss(size_average=size_average, reduce=reduce)  # finding: loss-size-average-reduce


class HalfSet(nn.Module):
    def __init__(self, size_average=None, reduce=None):
        super().__init__()
        self.loss = nn.MSELoss(size_average=size_average, reduce=reduce)  # finding: loss-size-average-reduce


def build():
    return LegacyNLL(size_average=False), HalfSet(None, False)


class ReductionNamedLoss(nn.Module):
    # seen in: a homography GAN's BCE wrapper that hands its reduction string to `reduce=` and its None average factor
    # to `size_average=`: reduce='mean' is not None, so the call warns whatever size_average forwards
    def __init__(self, weight=None, reduction="mean", avg_factor=None):
        super().__init__()
        self.loss = nn.BCEWithLogitsLoss(weight=weight, reduce=reduction, size_average=avg_factor)  # finding: loss-size-average-reduce
