import torch
import torch.nn as nn


class GANLoss(nn.Module):
    def __init__(self, gan_mode, target_real_label=1.0, tensor=torch.FloatTensor):
        super().__init__()
        self.gan_mode = gan_mode
        self.real_label = target_real_label
        self.Tensor = tensor

    def zero_tensor(self, prediction):
        return self.Tensor(1).fill_(0).expand_as(prediction)  # finding: cuda-dtype-tensor-constructor


class Plain(nn.Module):
    def __init__(self, other):
        super().__init__()
        self.make = torch.zeros
        self.other = other

    def forward(self, x):
        return self.make(x.size())
