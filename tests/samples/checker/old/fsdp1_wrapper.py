# expect: distributed-and-checkpointing#migrating-from-fsdp1-to-fully_shard
import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP


class Wrapped(FSDP):
    pass


model = FSDP(torch.nn.Linear(8, 8), use_orig_params=True)
