import torch

from utils.meters import accuracy, mean_error
from utils import kept_accuracy


def validate(model, loader, top1, top5, errors):
    for images, target in loader:
        output = torch.sigmoid(model(images))
        prec1, prec5 = accuracy(output.data, target, topk=(1, 5))
        top1.update(prec1[0], images.size(0))  # finding: loss-data-index
        top5.update(prec5[0], images.size(0))  # finding: loss-data-index
        errors.update(mean_error(output, target).data[0])  # finding: loss-data-index
        kept1, kept5 = kept_accuracy(output.data, target, topk=(1, 5))
        top1.update(kept1[0], images.size(0))
