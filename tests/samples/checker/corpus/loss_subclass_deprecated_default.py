# seen in: sentiment classifiers whose multi-head losses subclass torch's and keep the pre-1.0 default
# reduction='elementwise_mean' in their own signature, forwarding it to the base constructor; the project
# builds them without a reduction, so the default is what torch gets. A subclass whose only construction passes
# a keyword its signature lacks (TypeError first), or passes its own reduction, never forwards the default.
import torch


class MultiHeadBCE(torch.nn.BCELoss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="elementwise_mean", heads=1):
        super().__init__(weight=weight, size_average=size_average, reduce=reduce, reduction=reduction)  # finding: loss-reduction-elementwise-mean
        self.heads = heads


class MultiHeadCE(torch.nn.CrossEntropyLoss):
    def __init__(self, weight=None, ignore_index=-100, reduction="elementwise_mean"):
        super().__init__(weight=weight, ignore_index=ignore_index, reduction=reduction)


class OverriddenBCE(torch.nn.BCELoss):
    def __init__(self, weight=None, reduction="elementwise_mean"):
        super().__init__(weight=weight, reduction=reduction)


class CurrentBCE(torch.nn.BCELoss):
    def __init__(self, weight=None, reduction="mean", heads=1):
        super().__init__(weight=weight, reduction=reduction)


def build(heads):
    if heads > 1:
        return MultiHeadBCE(heads=heads), MultiHeadCE(heads=heads), CurrentBCE(heads=heads)
    return OverriddenBCE(reduction="mean")
