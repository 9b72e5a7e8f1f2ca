# seen in: a virtual try-on project (HR-VITON) with two GANLoss classes, each storing the tensor type it is given
# and calling it; its training scripts pass torch.cuda.FloatTensor or HalfTensor, whichever class they import
import torch
import torch.nn as nn


class GANLoss(nn.Module):
    def __init__(self, use_lsgan=True, target_real_label=1.0, tensor=torch.FloatTensor):
        super().__init__()
        self.real_label = target_real_label
        self.Tensor = tensor
        self.loss = nn.MSELoss() if use_lsgan else nn.BCELoss()

    def target(self, prediction):
        return self.Tensor(prediction.size()).fill_(self.real_label)  # finding: cuda-dtype-tensor-constructor


class Plain(nn.Module):
    def __init__(self, maker):
        super().__init__()
        self.make = maker

    def forward(self, x):
        return self.make(x.size())
