# seen in: the Ascend-only kernel files of LLM training frameworks (ops/.../npu.py), imported only when the
# device is "npu"; the module's own top-level `import torch_npu` fails on stock torch, so none of it runs there
import torch
import torch.distributed as dist
import torch_npu
from torch.distributed._tensor import DTensor


def gather_sequence(x, group):
    out = torch.empty(x.shape[0] * dist.get_world_size(group), *x.shape[1:], device=torch.npu.current_device())
    dist._all_gather_base(out, x.contiguous(), group=group)
    return out, DTensor
