# seen in: a YOLO loss (harryhan618's Yolov3) whose target builder returns its NumPy uint8 masks inside a tuple; the
# forward converts them with torch.from_numpy and indexes with them, which warns on 2.15. A float item stays quiet.
import numpy as np
import torch
from torch import nn


class YoloLoss(nn.Module):
    def build_target(self, output, boxes):
        shape = output.shape[:3]
        target = np.zeros(shape, dtype=np.float32)
        obj_mask = np.zeros(shape, dtype=np.uint8)
        for b, box in enumerate(boxes):
            obj_mask[b, box[1], box[0]] = 1
            target[b, box[1], box[0]] = 1.0
        return target, obj_mask

    def forward(self, output, boxes):
        target, obj_mask = self.build_target(output, boxes)
        target = torch.from_numpy(target)
        obj_mask = torch.from_numpy(obj_mask).to(output.device)
        picked = output[obj_mask]  # finding: uint8-mask-condition
        weights = output[target > 0]
        return ((picked - target[obj_mask]) ** 2).sum() + weights.sum()  # finding: uint8-mask-condition
