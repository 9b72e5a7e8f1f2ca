import numpy as np


class Evaluator:
    def __init__(self, n_classes):
        self.matrix = np.zeros((n_classes, n_classes))

    def mean_iou(self):
        iou = np.diag(self.matrix) / np.sum(self.matrix, axis=1)
        iou = np.nanmean(iou)
        return iou

    def pixel_accuracy(self):
        return float(np.diag(self.matrix).sum() / self.matrix.sum())


class SegScores:
    def __init__(self, n_classes):
        self.matrix = np.zeros((n_classes, n_classes))

    def results(self):
        iou = np.diag(self.matrix) / self.matrix.sum(axis=1)
        return {"Mean IoU": np.nanmean(iou), "Acc": np.diag(self.matrix).sum() / self.matrix.sum()}
