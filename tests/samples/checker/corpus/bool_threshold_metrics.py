# seen in: a hair-segmentation metric that thresholds torch.sigmoid(logit) at eleven levels and counts false
# positives as `y_pred - y == 1` against a uint8 target; a threshold of a NumPy function's result and the
# counts through `&` and `~` stay quiet
import torch
from scipy.special import expit


class ThresholdCounts:
    def __init__(self, thresholds):
        self.thresholds = thresholds

    def update(self, logit, y):
        n = y.size(0)
        y_pred = torch.sigmoid(logit).view(n, -1, 1).repeat(1, 1, 11) > self.thresholds
        y = y.byte().view(n, -1, 1).repeat(1, 1, 11)
        fp = y_pred - y == 1  # finding: bool-mask-subtraction
        fn = (y.bool() & ~y_pred).sum()
        return fp, fn


def numpy_counts(scores, labels, threshold):
    predicted = expit(scores) > threshold
    return 1 - predicted, labels


# seen in: FracBNN's precision-gated convolution, whose `self.gt` is an autograd Function's apply returning a float
# mask: `1 - mask` is arithmetic on floats
class GreaterThan(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, threshold):
        return torch.gt(x, threshold).float()

    @staticmethod
    def backward(ctx, grad):
        return grad, None


class GatedConv(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.gt = GreaterThan.apply

    def forward(self, low, full, gate):
        mask = self.gt(torch.sigmoid(gate), 0.5)
        return (1 - mask) * low + mask * full
