import torch


def allocate_shared_tensor(shape, dtype):
    return torch.empty(shape, dtype=dtype).share_memory_()
