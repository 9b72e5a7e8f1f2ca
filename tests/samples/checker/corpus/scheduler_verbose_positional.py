# seen in: an image-captioning repository's ReduceLROnPlateau wrapper (every parameter passed positionally)
import torch
from torch import optim


class PlateauWrapper:
    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode="rel", cooldown=0, min_lr=0, eps=1e-8, verbose=False):
        self.scheduler = optim.lr_scheduler.ReduceLROnPlateau(  # finding: lr-scheduler-verbose-positional
            optimizer, mode, factor, patience, threshold, threshold_mode, cooldown, min_lr, eps, verbose)
        # all nine parameters the 2.15 build still takes: fine
        self.fine = torch.optim.lr_scheduler.ReduceLROnPlateau(
            optimizer, mode, factor, patience, threshold, threshold_mode, cooldown, min_lr, eps)
