import torch
import torch.distributed.checkpoint as dcp
from torch.nn.attention.flex_attention import create_block_mask
from torch.distributed.pipelining.schedules import PipelineScheduleMulti

compiled_create_block_mask = torch.compile(create_block_mask)


def setup(model, stages, seq_len):
    ddp = torch.nn.parallel.DistributedDataParallel(model, forward_sync_buffers=False)
    mask = compiled_create_block_mask(lambda b, h, q, kv: q >= kv, None, None, seq_len, seq_len)
    schedule = PipelineScheduleMulti(stages, n_microbatches=4)
    return ddp, mask, schedule


def save(state, path, stager):
    response = dcp.async_save(state, checkpoint_id=path, async_stager=stager)
    response.staging_completion.result()
    return response.upload_completion


def first_column(x, index):
    if torch.compiler.is_compiling():
        return x
    return x[tuple(index)], x[:, 0], x[[0, 2]]
