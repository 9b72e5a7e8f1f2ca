# expect: still-warns-on-2.15#fbinary_cross_entropy-target-size-and-fembedding_bag-argument-order
import torch
import torch.nn as nn


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.dis = nn.Sequential(nn.Linear(784, 1), nn.Sigmoid())

    def forward(self, x):
        return self.dis(x)


D = Discriminator()
criterion = nn.BCELoss()


def step(images):
    real_label = torch.ones(images.size(0))
    return criterion(D(images), real_label)
