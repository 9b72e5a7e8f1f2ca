# seen in: ARAE (adversarially regularized autoencoders): the critic averages its last layer into a 0-dim value
import torch
import torch.nn as nn


class MLP_D(nn.Module):
    def __init__(self, ninput, layers):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(ninput, ninput) for _ in range(layers))
        self.out = nn.Linear(ninput, 1)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        x = self.out(x)
        x = torch.mean(x)
        return x


class MLP_Kept(nn.Module):
    def __init__(self, ninput):
        super().__init__()
        self.out = nn.Linear(ninput, 1)

    def forward(self, x):
        x = self.out(x)
        x = x.mean(0).view(1)  # the WassersteinGAN critic keeps one element: backward(one) matches
        return x
