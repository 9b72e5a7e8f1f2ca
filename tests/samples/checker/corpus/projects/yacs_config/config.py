# seen in: microsoft/Swin-Transformer config.py (the run's configuration is a yacs CfgNode)
from yacs.config import CfgNode as CN

_C = CN()
_C.OUTPUT = "output"
_C.MODEL = CN()
_C.MODEL.RESUME = ""
_C.MODEL.PRETRAINED = ""


def get_config():
    return _C.clone()
