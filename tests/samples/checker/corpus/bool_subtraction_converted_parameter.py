# seen in: a multi-label partial cross-entropy that drops unknown labels with `mask = label == -1` and then weights
# the loss by `(1 - mask)`: `label.float()` in the same function shows label is a tensor, so the mask is bool
import numpy as np
import torch.nn.functional as F


def partial_cross_entropy(pred, label):
    mask = label == -1
    loss = F.binary_cross_entropy_with_logits(pred, label.float(), reduction="none")
    if mask.sum() > 0:
        loss *= (1 - mask).float()  # finding: bool-mask-subtraction
    return loss


def numpy_kept(scores, threshold):
    keep = scores > threshold
    return np.asarray(1 - keep)
