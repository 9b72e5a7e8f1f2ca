# seen in: the same framework's trainer, building its DDP wrapper when more than one worker runs
import torch

from models.distributed_model import DistributedModel, QuietBuffers, TaggedModel


def wrap(model, world_size, device_id):
    if world_size > 1:
        return DistributedModel(  # finding: ddp-broadcast-buffers
            module=model,
            device_ids=[device_id],
            output_device=device_id,
            broadcast_buffers=False,
        )
    return model


def wrap_tagged(model):
    return TaggedModel(module=model, broadcast_buffers=True)  # finding: ddp-broadcast-buffers


def wrap_quiet(model):
    return QuietBuffers(model, broadcast_buffers=False)


def wrap_sync(model):
    return DistributedModel(module=model, forward_sync_buffers=False)
