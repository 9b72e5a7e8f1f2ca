# seen in: detectron-style projects: "cfg" is a yacs CfgNode, built in one module and saved with the weights
from yacs.config import CfgNode

_C = CfgNode()
_C.MODEL = CfgNode()
_C.MODEL.DEPTH = 50


def get_cfg():
    return _C.clone()
