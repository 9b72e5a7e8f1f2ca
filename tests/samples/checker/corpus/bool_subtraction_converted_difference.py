# seen in: a thresholded multi-label loss that masks confident scores with products of comparisons and inverts
# them with `(1 - mask).float()`: the difference has a torch-only `.float()`, so the comparisons made bool tensors
import numpy as np
import torch


def threshold_weight(label, score, low, high):
    too_high = (label == 1) * (score > high)
    too_low = (label == 0) * (score < low)
    return (1 - too_high).float() * (1 - too_low).float()  # finding: bool-mask-subtraction


def numpy_inverse(score, limit):
    above = score > limit
    return np.asarray(1 - above, dtype=np.float32)


def plain_numbers(a, b):
    flag = a > b
    return torch.tensor(float(1 - flag))
