import torch
from torch import nn

from config import cfg


class Backbone(nn.Module):
    def __init__(self, net, pretrained=True):
        super().__init__()
        if pretrained:
            weights = cfg.MODEL.BACKBONE_CHECKPOINT
            checkpoint = torch.load(weights, map_location="cpu")
            net.load_state_dict(checkpoint["state_dict"])
        self.net = net


def finetune(net):
    # a file this project saves itself (train.py writes best_checkpoint.pth)
    checkpoint = torch.load(cfg.MODEL.FINETUNE_CHECKPOINT, map_location="cpu")  # finding: torch-load-saved-in-project
    net.load_state_dict(checkpoint["state_dict"])
