# seen in: WongKinYiu/yolov7 train.py (the checkpoint keeps the model itself, copied and halved:
# deepcopy(model.module if is_parallel(model) else model).half(); weights_only=True refuses the pickled module)
from copy import deepcopy

import torch


def is_parallel(model):
    return hasattr(model, "module")


def save(model, ema, optimizer, epoch, path):
    ckpt = {"epoch": epoch,
            "model": deepcopy(model.module if is_parallel(model) else model).half(),
            "ema": deepcopy(ema.ema).half(),
            "optimizer": optimizer.state_dict()}
    torch.save(ckpt, path)
