# seen in: an SSD tutorial (a-PyTorch-Tutorial-to-Object-Detection) whose non-maximum suppression keeps a uint8
# suppress vector, grows it with torch.max against a comparison and indexes with 1 - suppress; a text-to-image GAN
# (AttnGAN) that starts its masks as a list placeholder before the ByteTensor is made under the same condition.
# 1 - mask on a bool mask is another rule's (it raises); a uint8 image used as data says nothing
import numpy as np
import torch


def keep_boxes(boxes, overlap, threshold):
    suppress = torch.zeros(boxes.size(0), dtype=torch.uint8)
    for box in range(boxes.size(0)):
        suppress = torch.max(suppress, overlap[box] > threshold)
    return boxes[1 - suppress]  # finding: uint8-mask-condition


def sentence_scores(scores, class_ids):
    masks = []
    if class_ids is not None:
        masks = torch.ByteTensor(np.stack([class_ids == c for c in class_ids]).astype(np.uint8))
    if class_ids is not None:
        scores.masked_fill_(masks, -float("inf"))  # finding: uint8-mask-fill
    return scores


def brighten(image):
    pixels = torch.from_numpy(np.asarray(image, dtype=np.uint8))
    return 255 - pixels
