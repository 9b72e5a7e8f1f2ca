import torch
import torch.nn as nn

criterion = nn.BCELoss()
real_label = 1.0


def step(netD, images):
    label = torch.full((images.size(0),), real_label)
    fake = torch.full((images.size(0),), 0, dtype=torch.float)
    return criterion(netD(images).view(-1), label) + criterion(netD(images).view(-1), fake)
