# seen in: YOLO-style region losses that pick the tensor type by device (ByteTensor = torch.cuda.ByteTensor if
# x.is_cuda else torch.ByteTensor) and convert the target masks with .type(ByteTensor), then index with them and
# with their difference
import torch
from torch import nn


class RegionLoss(nn.Module):
    def forward(self, x, pred_conf, tconf, mask, conf_mask):
        ByteTensor = torch.cuda.ByteTensor if x.is_cuda else torch.ByteTensor
        FloatTensor = torch.cuda.FloatTensor if x.is_cuda else torch.FloatTensor
        mask = mask.type(ByteTensor)
        conf_mask = conf_mask.type(ByteTensor)
        weights = conf_mask.type(FloatTensor)
        conf_mask_false = conf_mask - mask
        loss_x = (x[mask] ** 2).sum()  # finding: uint8-mask-condition
        loss_conf = (pred_conf[conf_mask_false] - tconf[conf_mask_false]).abs().sum()  # finding: uint8-mask-condition
        scaled = (x * weights).sum()
        kept = x[mask.bool()].sum()
        return loss_x + loss_conf + scaled + kept
