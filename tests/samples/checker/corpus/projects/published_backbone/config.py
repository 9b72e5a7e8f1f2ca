# seen in: a segmentation project whose config names the published ImageNet backbone weights it downloads; its
# own checkpoints (train.py) keep an np.float64 mean IoU
import os

from utils.attr_dict import AttrDict

__C = AttrDict()
cfg = __C
__C.MODEL = AttrDict()
WEIGHTS_PATH = os.path.join("/assets", "seg_weights")
__C.MODEL.BACKBONE_CHECKPOINT = \
    os.path.join(WEIGHTS_PATH, "wider_resnet38.pth.tar")
__C.MODEL.FINETUNE_CHECKPOINT = os.path.join("/runs", "best_checkpoint.pth")
