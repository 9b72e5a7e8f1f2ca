# expect: removed-and-legacy-calls#torchfull-with-an-integer-fill-as-a-bce-target
import torch
import torch.nn as nn

criterion = nn.BCELoss()
real_label = 1


def step(netD, images):
    label = torch.full((images.size(0),), real_label)
    return criterion(netD(images).view(-1), label)
