import os

import torch


def save_checkpoint(state, save_dir, filename="checkpoint.pth.tar"):
    torch.save(state, os.path.join(save_dir, filename))
