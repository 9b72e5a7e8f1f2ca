import torch

import utils.meters as meters
from utils import meters as metrics


def search_step(model, images, target, top1, top5):
    logits = torch.sigmoid(model(images))
    prec1, prec5 = meters.accuracy(logits, target, topk=(1, 5))
    top1.update(prec1[0], images.size(0))  # finding: loss-data-index
    top5.update(prec5[0], images.size(0))  # finding: loss-data-index
    best1, best5 = metrics.accuracy(logits, target, topk=(1, 5))
    top1.update(best1[0], images.size(0))  # finding: loss-data-index
    kept1, kept5 = meters.kept_accuracy(logits, target, topk=(1, 5))
    top1.update(kept1[0], images.size(0))
