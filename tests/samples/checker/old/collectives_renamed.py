# expect: distributed-and-checkpointing#all_gather_single-and-reduce_scatter_single-replace-the-_tensor-names
# expect: distributed-and-checkpointing#gather_single-replaces-gather_into_tensor
import torch


def sync(out, inp):
    import torch.distributed as dist

    dist.all_gather_into_tensor(out, inp)
    dist.reduce_scatter_tensor(inp, out)
    dist.gather_into_tensor(inp, out, dst=0)
