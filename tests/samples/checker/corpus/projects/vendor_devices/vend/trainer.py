# the training loop takes the scaler amp.py chose (no torch import here: the walk skips this file)
from vend.amp import GradScaler


def make_scaler(enabled):
    return GradScaler(enabled=enabled)
