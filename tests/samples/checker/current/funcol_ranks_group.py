import torch.distributed as dist
from torch.distributed import _functional_collectives as funcol


def all_reduce_output(_module, _inputs, output):
    return funcol.all_reduce(output, "sum", dist.group.WORLD)
