# seen in: fairseq2 nn/ddp.py (DDP under a type alias, buffers broadcast by hand first)
from typing import TypeAlias

import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

DDPModule: TypeAlias = DDP


def wrap(module: nn.Module, process_group, static_graph: bool) -> DDPModule:
    return DDPModule(  # finding: ddp-broadcast-buffers
        module,
        broadcast_buffers=False,
        process_group=process_group,
        static_graph=static_graph,
    )


def wrap_plainly(module: nn.Module) -> DDP:
    return DDP(module, forward_sync_buffers=False)


def wrap_default(module: nn.Module) -> DDP:
    return DDP(module)


class LocalWrapper:
    def __init__(self, module, broadcast_buffers=True):
        self.module = module


Wrapper = DDP
if LocalWrapper is not None:
    Wrapper = LocalWrapper  # bound twice: no longer taken to mean DDP


def wrap_locally(module: nn.Module):
    return Wrapper(module, broadcast_buffers=False)
