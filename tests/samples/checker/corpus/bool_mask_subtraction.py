# seen in: OHEM segmentation losses written for uint8 masks (1 - mask inverts), and their clean neighbours
import torch
import torch.nn.functional as F


class OhemLoss(torch.nn.Module):
    def __init__(self, ignore_index=-1, thresh=0.7, min_kept=100000):
        super().__init__()
        self.ignore_index, self.thresh, self.min_kept = ignore_index, thresh, min_kept

    def forward(self, pred, target):
        n, c, h, w = pred.size()
        target = target.view(-1)
        valid_mask = target.ne(self.ignore_index)
        target = target * valid_mask.long()
        num_valid = valid_mask.sum()
        prob = F.softmax(pred, dim=1).transpose(0, 1).reshape(c, -1)
        if num_valid > 0:
            prob = prob.masked_fill_(1 - valid_mask, 1)  # finding: bool-mask-subtraction
            mask_prob = prob[target, torch.arange(len(target), dtype=torch.long)]
            kept_mask = mask_prob.le(self.thresh)
            valid_mask = valid_mask * kept_mask
            target = target * kept_mask.long()
        target = target.masked_fill_(1 - valid_mask, self.ignore_index)  # finding: bool-mask-subtraction
        return F.cross_entropy(pred, target.view(n, h, w))


def inverted(labels, ignore):
    keep = labels != ignore
    return labels.masked_fill(~keep, 0), 1 - keep.long()


def weights(scores, limit):
    far = scores.gt(limit).float()
    near = 1 - far
    over = len(scores) > limit
    return near, 1 - over, scores.size(0) - scores.ne(0).sum()


def negated(x):
    return -x.isnan().float()


def nan_weights(score):
    import numpy as np
    mask = 1 - np.isnan(score)
    return mask


def moved(labels, ignore, device):
    keep = labels.ne(ignore).to(device)  # moved to a device: still a bool mask
    return labels.masked_fill(1 - keep, 0)  # finding: bool-mask-subtraction
