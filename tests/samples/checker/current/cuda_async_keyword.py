import torch


def to_gpu(batch):
    return batch.cuda(non_blocking=True)
