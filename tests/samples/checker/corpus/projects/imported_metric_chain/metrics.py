import numpy as np
from sklearn.metrics import roc_curve


def compute_eer(distances, labels):
    fprs, tprs, _ = roc_curve(labels, distances)
    return fprs[np.nanargmin(np.absolute((1 - tprs) - fprs))]


def mean_distance(distances):
    return float(sum(distances)) / len(distances)
