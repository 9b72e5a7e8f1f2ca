# expect: still-warns-on-2.15#funcolall_reduce-and-other-functional-collectives-given-a-list-of-ranks
import torch.distributed as dist
from torch.distributed import _functional_collectives as funcol


def all_reduce_output(_module, _inputs, output):
    return funcol.all_reduce(output, "sum", list(range(dist.get_world_size())))
