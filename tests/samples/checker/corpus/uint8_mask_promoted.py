# a uint8 part joined with bool ones stays uint8 (torch promotes bool to uint8): torch.cat of a ByteTensor flag
# (wrapped in Variable) with a comparison, then used as an index; a comparison & ~ a dtype=torch.uint8 mask
import torch
from torch.autograd import Variable


def unique_sorted(values):
    values = values.sort()[0]
    changed = values[1:] != values[:-1]
    head = Variable(torch.ByteTensor([True]), requires_grad=False)
    if values.is_cuda:
        head = head.cuda()
    changed = torch.cat((head, changed), dim=0)
    return values[changed.data]  # finding: uint8-mask-condition


def unique_sorted_bool(values):
    changed = values[1:] != values[:-1]
    head = torch.ones(1, dtype=torch.bool, device=values.device)
    return values[torch.cat((head, changed))]


def offsets(labels, classes, step):
    skip = torch.zeros(labels.shape, dtype=torch.uint8)
    out = torch.zeros(labels.shape).long()
    for i in range(classes):
        picked = (labels == i) & ~skip
        out[picked] = i * step  # finding: uint8-mask-fill
    return out


def offsets_counts(labels, weights):
    flags = torch.zeros(labels.shape, dtype=torch.uint8)
    total = flags & weights.long()  # an int64 part: int64, not a mask
    joined = torch.cat([flags, weights])
    return labels[total], labels[joined]
