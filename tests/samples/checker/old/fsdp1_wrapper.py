# expect: distributed-and-checkpointing#fsdp1-fullyshardeddataparallel-migration-map
import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP


class Wrapped(FSDP):
    pass


model = FSDP(torch.nn.Linear(8, 8), use_orig_params=True)
