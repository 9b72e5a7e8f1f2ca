# seen in: OpenMMLab training and test scripts (mmdet/mmrotate/mmtracking-style tools/test.py, apis/train.py) that
# wrap the model in mmcv's or mmengine's MMDistributedDataParallel, a DistributedDataParallel subclass whose
# constructor is torch's (mmcv 1.x) or passes **kwargs on to it (mmengine): broadcast_buffers= warns the same;
# mmseg/mmdet's build_ddp(model, device, *args, **kwargs) returns MMDistributedDataParallel(model, *args, **kwargs)
import torch
from mmcv.parallel import MMDataParallel, MMDistributedDataParallel
from mmengine.model.wrappers import MMDistributedDataParallel as EngineDDP
from mmseg.utils import build_ddp, build_dp


def wrap(model, distributed):
    if not distributed:
        return MMDataParallel(model, device_ids=[0])
    return MMDistributedDataParallel(model.cuda(), device_ids=[torch.cuda.current_device()], broadcast_buffers=False)  # finding: ddp-broadcast-buffers


def wrap_engine(model):
    return EngineDDP(module=model.cuda(), device_ids=[torch.cuda.current_device()], broadcast_buffers=False)  # finding: ddp-broadcast-buffers


def wrap_quiet(model):
    return MMDistributedDataParallel(model.cuda(), device_ids=[torch.cuda.current_device()])


def wrap_built(model, cfg, local_rank):
    if cfg.distributed:
        return build_ddp(model, cfg.device, device_ids=[local_rank], broadcast_buffers=False)  # finding: ddp-broadcast-buffers
    return build_dp(model, cfg.device, device_ids=cfg.gpu_ids)
