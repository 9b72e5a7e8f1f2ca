# seen in: a brain-tumour segmentation trainer whose poly schedule rounds an np.power rate (round(x, 8) keeps the
# NumPy type) and hands it to its own method, which writes it into the param group: the saved Adam state holds it
import numpy as np


class PolyScheduler:
    def __init__(self, base_lr, num_epochs):
        self.lr = base_lr
        self.num_epochs = num_epochs

    def __call__(self, optimizer, epoch):
        now_lr = round(self.lr * np.power(1 - np.float32(epoch) / np.float32(self.num_epochs), 0.9), 8)
        self._adjust_learning_rate(optimizer, now_lr)
        return now_lr

    def _adjust_learning_rate(self, optimizer, lr):
        optimizer.param_groups[0]["lr"] = lr
