import torch

from network_generator import Plain
from networks import GANLoss


def build(opt):
    if opt.fp16:
        return GANLoss(use_lsgan=True, tensor=torch.cuda.HalfTensor), Plain(torch.cuda.FloatTensor)
    return GANLoss(use_lsgan=True, tensor=torch.cuda.FloatTensor if opt.gpu_ids else torch.Tensor)
