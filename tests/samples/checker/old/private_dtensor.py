# expect: distributed-and-checkpointing#dtensor-lives-in-torchdistributedtensor
import torch
from torch.distributed._tensor import DTensor, Shard, distribute_tensor
