# seen in: a GAN audio study's inception-score trainer whose loss helper builds nn.Softmax() into a local it never
# applies, while another function of the file calls its own local of the same name (built with dim)
import torch
import torch.nn as nn


def bce_loss(x, pi):
    sm = nn.Softmax()
    return -(x * torch.log(pi)).mean()


def evaluate(x):
    sm = nn.Softmax(dim=1)
    return sm(x)


def predict(x):
    sm = nn.Softmax()  # finding: softmax-module-without-dim
    return sm(x)
