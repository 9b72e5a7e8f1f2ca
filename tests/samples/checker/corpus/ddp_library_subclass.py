# seen in: OpenMMLab training and test scripts (mmdet/mmrotate/mmtracking-style tools/test.py, apis/train.py) that
# wrap the model in mmcv's or mmengine's MMDistributedDataParallel, a DistributedDataParallel subclass whose
# constructor is torch's (mmcv 1.x) or passes **kwargs on to it (mmengine): broadcast_buffers= warns the same
import torch
from mmcv.parallel import MMDataParallel, MMDistributedDataParallel
from mmengine.model.wrappers import MMDistributedDataParallel as EngineDDP


def wrap(model, distributed):
    if not distributed:
        return MMDataParallel(model, device_ids=[0])
    return MMDistributedDataParallel(model.cuda(), device_ids=[torch.cuda.current_device()], broadcast_buffers=False)  # finding: ddp-broadcast-buffers


def wrap_engine(model):
    return EngineDDP(module=model.cuda(), device_ids=[torch.cuda.current_device()], broadcast_buffers=False)  # finding: ddp-broadcast-buffers


def wrap_quiet(model):
    return MMDistributedDataParallel(model.cuda(), device_ids=[torch.cuda.current_device()])
