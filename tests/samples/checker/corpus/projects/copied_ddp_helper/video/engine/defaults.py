# the second copy of the engine module (see engine/defaults.py)
import torch
from torch.nn.parallel import DistributedDataParallel


def create_ddp_model(model, *, fp16_compression=False, **kwargs):
    if torch.distributed.get_world_size() == 1:
        return model
    if "device_ids" not in kwargs:
        kwargs["device_ids"] = [torch.cuda.current_device()]
    return DistributedDataParallel(model, **kwargs)


class Trainer:
    def __init__(self, model):
        self.model = create_ddp_model(model, broadcast_buffers=False)  # finding: ddp-broadcast-buffers
