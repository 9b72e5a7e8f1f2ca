# seen in: an NLI project's metric helpers: the arrays come in as List[np.ndarray] parameters, so each accuracy is a
# NumPy scalar; a plain helper beside them returns Python numbers
from typing import List

import numpy as np


def compute_masked_lm_results(predictions: List[np.ndarray], ground_truth: List[np.ndarray]):
    correct, total = 0, 0
    for i in range(len(predictions)):
        correct += (predictions[i] == ground_truth[i]).sum()
        total += len(ground_truth[i])
    return {"mlm_acc": correct / total}


def compute_plain_results(predictions, ground_truth):
    return {"mlm_acc": sum(p == g for p, g in zip(predictions, ground_truth)) / len(ground_truth)}
