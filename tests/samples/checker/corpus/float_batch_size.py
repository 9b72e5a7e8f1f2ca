# seen in: a whale-call detector written for Python 2 that splits each minibatch between two loaders with
# `batch_size=N.minibatchSize/2`; the floor division, an int() around the quotient and a batch size read from a
# variable stay quiet
import torch
from torch.utils.data import BatchSampler, DataLoader, SequentialSampler


def balanced_loaders(positives, negatives, minibatch):
    pos = torch.utils.data.DataLoader(positives, batch_size=minibatch/2, shuffle=True)  # finding: dataloader-float-batch-size
    neg = DataLoader(negatives, minibatch / 2)  # finding: dataloader-float-batch-size
    batches = BatchSampler(SequentialSampler(negatives), minibatch / 2, False)  # finding: dataloader-float-batch-size
    return pos, neg, batches


def fixed_loaders(positives, negatives, minibatch, size):
    pos = DataLoader(positives, batch_size=minibatch // 2, shuffle=True)
    neg = DataLoader(negatives, batch_size=int(minibatch / 2))
    plain = DataLoader(negatives, batch_size=size)
    return pos, neg, plain
