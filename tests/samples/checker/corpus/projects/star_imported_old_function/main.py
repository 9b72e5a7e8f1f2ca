import torch

from utils import *


def log_images(disp_ests, disp_gt):
    return [disp_error_image_func()(disp_est, disp_gt) for disp_est in disp_ests]  # finding: autograd-function-instantiated


def scale(x):
    return torch.nn.ReLU()(x)
