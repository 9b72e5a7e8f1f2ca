# Seen in facebookresearch/fairscale (internal/params.py, nn/pipe/rpc.py, FSDP's all-gather), mozilla/TTS
# (utils/distribute.py), openai/Video-Pre-Training (lib/torch_util.py) and IntelLabs/distiller
# (quantization/pytorch_quant_conversion.py): old torch spellings that warn on 2.15.
import torch
import torch.distributed as dist
from torch.distributed.distributed_c10d import _get_global_rank  # finding: private-get-global-rank-deprecated


def reduce_tensor(tensor, world_size):
    rt = tensor.clone()
    dist.all_reduce(rt, op=dist.reduce_op.SUM)  # finding: distributed-reduce-op-deprecated
    return rt / world_size


def global_rank(group, rank):
    if group is dist.group.WORLD:
        return rank
    return dist.distributed_c10d._get_global_rank(group, rank)  # finding: private-get-global-rank-deprecated


def gather(output, shard, group):
    if hasattr(dist, "_all_gather_base"):
        dist._all_gather_base(output, shard, group=group)  # finding: all-gather-base-deprecated
    return output


def ranks(group, n):
    return [_get_global_rank(group, r) for r in range(n)]


def default_device_type():
    return "cuda" if torch.has_cuda else "cpu"  # finding: torch-has-backend-deprecated


def to_torch(int_repr, scale, zero_point, scales, zero_points):
    per_tensor = torch._make_per_tensor_quantized_tensor(int_repr, scale, zero_point)  # finding: quantized-tensor-creation-warns
    per_channel = torch._make_per_channel_quantized_tensor(int_repr, scales, zero_points, 0)  # finding: quantized-tensor-creation-warns
    return per_tensor, per_channel
