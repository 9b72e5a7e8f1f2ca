# seen in: zhanghang1989/PyTorch-Encoding (experiments/segmentation keeps best_pred, a numpy float64 from its metrics,
# in its checkpoint; experiments/recognition saves its own plain checkpoint, with the same 'state_dict' key, and its
# verify.py reads that one: the nearer plain save decides, a sibling folder's object layout is no evidence there)
import numpy as np
import torch


def save_checkpoint(state, path):
    torch.save(state, path)


def train(model, optimizer, scores, path):
    best_pred = np.mean(scores)
    save_checkpoint({"epoch": 1, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict(),
                     "best_pred": best_pred, "miou": 0.5}, path)
