# seen in: pix2pix-style U-Net blocks written for torch 0.3 (DID-MDN's blockUNet: add_module('%s.relu' % name, ...)) and
# the old torchvision DenseNet layer ('norm.1'). A dotted name raises KeyError where it is registered since 0.4; a dot
# only inside a placeholder ('%.0f'), a name held in a variable, or a dict that is no torch container are not known.
from collections import OrderedDict

import torch
import torch.nn as nn


def block_unet(in_c, out_c, name, relu=True):
    block = nn.Sequential()
    if relu:
        block.add_module('%s.relu' % name, nn.ReLU(inplace=True))  # finding: module-name-with-dot
    else:
        block.add_module('%s_leakyrelu' % name, nn.LeakyReLU(0.2, inplace=True))
    block.add_module('{}.conv'.format(name), nn.Conv2d(in_c, out_c, 4, 2, 1))  # finding: module-name-with-dot
    block.add_module(name + '.bn', nn.BatchNorm2d(out_c))  # finding: module-name-with-dot
    block.add_module(f'{name}.drop', nn.Dropout2d(0.5))  # finding: module-name-with-dot
    block.add_module('layer%.0f' % 1.0, nn.Identity())
    return block


class DenseLayer(nn.Sequential):
    def __init__(self, channels, growth):
        super().__init__()
        self.add_module('norm.1', nn.BatchNorm2d(channels)),  # finding: module-name-with-dot
        self.add_module('relu_1', nn.ReLU(inplace=True)),
        self.register_buffer('running.scale', torch.ones(1))  # finding: module-name-with-dot
        self.register_parameter('gain', nn.Parameter(torch.ones(growth)))


def containers(key):
    head = nn.Sequential(OrderedDict([('conv.0', nn.Conv2d(3, 8, 3)), ('relu0', nn.ReLU())]))  # finding: module-name-with-dot
    heads = nn.ModuleDict({'cls.head': nn.Linear(8, 2)})  # finding: module-name-with-dot
    plain = dict([('a.b', 1)])
    named = nn.Sequential(OrderedDict([(key, nn.ReLU())]))
    return head, heads, plain, named
