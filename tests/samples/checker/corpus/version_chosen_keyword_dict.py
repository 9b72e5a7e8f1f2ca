# seen in: a contrastive-learning project's augmentation layers that pick grid keywords once by version
# (align_corners=False where torch takes it, nothing on older builds) and spread them into every grid call
import torch
import torch.nn.functional as F

if torch.__version__ >= '1.4.0':
    kwargs = {'align_corners': False}
else:
    kwargs = {}


def shift(inputs, theta):
    grid = F.affine_grid(theta, inputs.size(), **kwargs)
    return F.grid_sample(inputs, grid, padding_mode='reflection', **kwargs)


def plain(inputs, theta):
    grid = F.affine_grid(theta, inputs.size())  # finding: affine-grid-without-align-corners
    return F.grid_sample(inputs, grid, align_corners=True)
