# seen in: GAN critics built from a library's conv-layer helper (fastai's conv_layer): the file never names
# nn.Conv2d itself, but the helper's layers make the 4-D maps Dropout2d is applied to
import torch.nn as nn

from layers_lib import conv_layer


def _conv(ni, nf, ks=3, stride=1):
    return conv_layer(ni, nf, ks=ks, stride=stride)


def critic(n_channels=3, nf=64, p=0.15):
    layers = [_conv(n_channels, nf, ks=4, stride=2), nn.Dropout2d(p / 2)]
    return nn.Sequential(*layers, nn.Flatten())
