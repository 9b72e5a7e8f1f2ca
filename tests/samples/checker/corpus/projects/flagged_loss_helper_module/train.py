"""The trainer reads each KL with the pre-0.4 `.data[0]`: an IndexError where the helper's defaults give the mean."""
import torch

import utils
from utils import kl_loss_diag


def train_step(mean, logvar, batch_size):
    kl = utils.kl_loss_diag(mean, logvar)
    total = kl.data[0] * batch_size  # finding: loss-data-index
    kl_mean = kl_loss_diag(mean, logvar)
    total += kl_mean.data[0] * batch_size  # finding: loss-data-index
    per_sample = utils.kl_loss_diag(mean, logvar, average=False)
    total += per_sample.data[0]
    kept = kl_loss_diag(mean, logvar, None, False)
    total += kept.data[0]
    return total
