# expect: api-signature-changes#forward_sync_buffers-replaces-broadcast_buffers
# expect: compiler-and-attention#blockmask-and-create_block_mask
# expect: compiler-and-attention#torch_utilsis_compiling-is-deprecated-use-torchcompileris_compiling
# expect: distributed-migrations#async_save-returns-asyncsaveresponse-asyncstagersynchronize_staging-is-deprecated
# expect: distributed-migrations#pipelineschedulemultiuse_full_backward-is-ignored
# expect: deprecation-messages#indexing-with-a-list-of-slices-warns-non-tuple-sequence
import torch
from torch.nn.attention.flex_attention import create_block_mask
from torch.distributed.pipelining.schedules import PipelineScheduleMulti


def setup(model, stages, stager, seq_len):
    ddp = torch.nn.parallel.DistributedDataParallel(model, broadcast_buffers=False)
    mask = create_block_mask(lambda b, h, q, kv: q >= kv, None, None, seq_len, seq_len, _compile=True)
    schedule = PipelineScheduleMulti(stages, n_microbatches=4, use_full_backward=False)
    stager.synchronize_staging()
    return ddp, mask, schedule


def first_column(x):
    if torch._utils.is_compiling():
        return x
    return x[[slice(None), 0]]
