# seen in: UniMatch's fixmatch.py/unimatch.py, which import evaluate() from supervised.py: the mean IoU it returns is a
# numpy scalar (np.mean of the class IoUs), and the running best saved beside the weights is that scalar
import numpy as np


def evaluate(model, loader):
    scores = []
    for images, masks in loader:
        scores.append(float((model(images).argmax(1) == masks).float().mean()))
    return np.mean(scores)


def evaluate_plain(model, loader):
    return sum(1 for _ in loader) / 2.0
