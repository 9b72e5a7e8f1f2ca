# seen in: a GAN deblurring repository (the model's tensor type reaches the loss through a factory function and a
# wrapper class's constructor, both passing their own parameter on)
import torch
from torch import nn


class BaseModel:
    def initialize(self, gpu_ids):
        self.Tensor = torch.cuda.FloatTensor if gpu_ids else torch.Tensor


class GANLoss(nn.Module):
    def __init__(self, use_l1=True, tensor=torch.FloatTensor):
        super().__init__()
        self.Tensor = tensor
        self.loss = nn.L1Loss() if use_l1 else nn.BCELoss()

    def target(self, prediction):
        return self.Tensor(prediction.size()).fill_(1.0)  # finding: cuda-dtype-tensor-constructor


class PlainLoss(nn.Module):  # only ever given the CPU type: nothing to report
    def __init__(self, tensor):
        super().__init__()
        self.Tensor = tensor

    def target(self, prediction):
        return self.Tensor(prediction.size()).fill_(1.0)


class DiscLoss:
    def __init__(self, opt, tensor):
        self.criterion = GANLoss(use_l1=False, tensor=tensor)
        self.plain = PlainLoss(torch.FloatTensor)


def init_loss(opt, tensor):
    return DiscLoss(opt, tensor)


class GANModel(BaseModel):
    def initialize(self, opt):
        BaseModel.initialize(self, opt.gpu_ids)
        self.disc_loss = init_loss(opt, self.Tensor)
