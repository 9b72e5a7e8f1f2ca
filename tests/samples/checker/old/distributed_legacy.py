# expect: distributed-migrations#all_reduce_multigpu-and-the-other-multi-gpu-collectives
# expect: distributed-migrations#torchdistributedpipelinesync
# expect: distributed-migrations#dcp-save_state_dict-and-load_state_dict
import torch.distributed as dist
import torch.distributed.checkpoint as dist_cp
from torch.distributed.pipeline.sync import Pipe


def step(tensors, state_dict, path):
    dist.all_reduce_multigpu(tensors)
    dist_cp.save_state_dict(state_dict, storage_writer=dist_cp.FileSystemWriter(path))
    return Pipe
