# seen in: sd-scripts' IPEX hijacks (torch functions replaced by the project's own)
import contextlib

import torch


def return_null_context(*args, **kwargs):
    return contextlib.nullcontext()


def autocast_dtype(device_type=None):
    return torch.get_autocast_dtype("xpu")


def hijack():
    torch.backends.cuda.sdp_kernel = return_null_context
    torch.get_autocast_gpu_dtype = autocast_dtype
    torch.distributed.config.compile_on_one_rank = True  # finding: compile-on-one-rank-moved


def attention_context():
    return torch.backends.cuda.sdp_kernel(enable_math=False)  # finding: sdp-kernel-deprecated


def set_one_rank_through_local_alias():
    import torch.distributed.config as dist_config  # an attribute store below keeps the alias: it rebinds nothing

    dist_config.compile_on_one_rank = True  # finding: compile-on-one-rank-moved
