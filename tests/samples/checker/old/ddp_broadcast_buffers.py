# expect: api-signature-changes#forward_sync_buffers-replaces-broadcast_buffers
import torch
from torch.nn.parallel import DistributedDataParallel as DDP


def wrap(model: torch.nn.Module) -> DDP:
    return DDP(model, broadcast_buffers=False)
