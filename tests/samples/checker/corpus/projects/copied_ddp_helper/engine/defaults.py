# seen in: a detection codebase that ships two copies of its engine module (CutLER's cutler/engine and
# videocutler/.../engine), each with create_ddp_model(model, **kwargs) spreading its **kwargs into
# DistributedDataParallel: whichever copy a caller binds, broadcast_buffers= reaches DDP
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
