# seen in: detectron2 swin backbone, fairseq MMPT (activation checkpointing without use_reentrant)
import torch.utils.checkpoint as checkpoint
from torch.utils.checkpoint import checkpoint as ckpt


def forward(blocks, x, mask):
    for blk in blocks:
        x = checkpoint.checkpoint(blk, x, mask)  # finding: checkpoint-without-use-reentrant
        x = ckpt(blk, x, mask, use_reentrant=False)
    return x
