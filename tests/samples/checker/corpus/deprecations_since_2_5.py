# seen in: training scripts wrapping DDP with broadcast_buffers=False, flex attention
# mask helpers with create_block_mask(..., _compile=True) (video/LLM model code), optimizer copies calling
# torch._utils.is_compiling(), DCP staging wrappers (a GCS writer forwarding synchronize_staging), N-d crop
# helpers indexing with a list of slices (neuraloperator FNO, earth2grid padding)
import torch
from torch.nn.parallel import DistributedDataParallel
from torch.nn.attention.flex_attention import create_block_mask
from torch.distributed.pipelining.schedules import PipelineScheduleMulti


def wrap(model, rank):
    return DistributedDataParallel(model, device_ids=[rank], broadcast_buffers=False)  # finding: ddp-broadcast-buffers


def wrap_new(model, rank):
    return DistributedDataParallel(model, device_ids=[rank], forward_sync_buffers=False)


def causal(b, h, q_idx, kv_idx):
    return q_idx >= kv_idx


def block_mask(seq_len, device):
    return create_block_mask(causal, None, None, seq_len, seq_len, device=device, _compile=True)  # finding: create-block-mask-compile-flag


compiled_create_block_mask = torch.compile(create_block_mask)


def block_mask_new(seq_len, device):
    return compiled_create_block_mask(causal, None, None, seq_len, seq_len, device=device)


def adam_step(params, state_steps, capturable):
    if not torch._utils.is_compiling() and capturable:  # finding: utils-is-compiling-deprecated
        assert all(p.device == s.device for p, s in zip(params, state_steps))
    if torch.compiler.is_compiling():
        return None
    return params


def finish_staging(writer):
    writer.synchronize_staging()  # finding: dcp-synchronize-staging


def schedule(stages, n):
    old = PipelineScheduleMulti(stages, n_microbatches=n, use_full_backward=True)  # finding: pipeline-use-full-backward
    return old, PipelineScheduleMulti(stages, n_microbatches=n)


def crop(volume, starts, sizes):
    index = [slice(s, s + n) for s, n in zip(starts, sizes)]
    return volume[tuple(index)], volume[[slice(None), 0]]  # finding: non-tuple-sequence-index


def pick_rows(x):
    return x[[0, 2]]
