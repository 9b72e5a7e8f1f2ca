import torch
import torch.distributed as dist
from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard


def shard(model: torch.nn.Module) -> torch.nn.Module:
    policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16)
    for block in model.children():
        fully_shard(block, mp_policy=policy)
    fully_shard(model, mp_policy=policy)
    return model


def gather(out, inp):
    dist.all_gather_single(out, inp)
    dist.reduce_scatter_single(inp, out)
    dist.gather_single(inp, out, dst=0)


def place(tensor, mesh):
    from torch.distributed.tensor import Shard, distribute_tensor

    return distribute_tensor(tensor, mesh, [Shard(0)])


def replicate(model: torch.nn.Module) -> torch.nn.Module:
    return torch.nn.parallel.DistributedDataParallel(model, forward_sync_buffers=False)
