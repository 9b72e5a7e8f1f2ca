# seen in: a spelling-correction toolkit's trainers (neuspell's scripts/trainable/seq_modeling) that add up what an
# accuracy helper returns, counts of NumPy comparisons, and save the best total in their checkpoints
import numpy as np


def batch_accuracy(predictions: np.ndarray, targets: np.ndarray, lengths: list):
    count = 0
    total = 0
    for pred, targ, length in zip(predictions, targets, lengths):
        count += (pred[:length] == targ[:length]).sum()
        total += length
    return count, total


def batch_sizes(lengths: list):
    total = 0
    for length in lengths:
        total += length
    return total, len(lengths)
