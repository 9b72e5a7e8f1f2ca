# a module that only tries the plugin (or imports it inside a function) still runs on stock torch: its uses count
import torch
import torch.distributed as dist

try:
    import torch_npu
except ImportError:
    torch_npu = None


def gather_sequence(x, group):
    out = torch.empty(x.shape[0] * dist.get_world_size(group), *x.shape[1:])
    dist._all_gather_base(out, x.contiguous(), group=group)  # finding: all-gather-base-deprecated
    return out


def npu_rms_norm(x, weight):
    import torch_npu
    return torch_npu.npu_rms_norm(x, weight)[0]


def reduce_rows(out, x, group):
    dist._reduce_scatter_base(out, x, group=group)  # finding: reduce-scatter-base-deprecated
    return out
