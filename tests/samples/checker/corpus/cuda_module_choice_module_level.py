# seen in: a video GAN's models module and a graph-to-text beam search that pick the tensor module once, at module level
# (`if torch.cuda.is_available(): T = torch.cuda / else: T = torch`, `tt = torch.cuda if ... else torch`); every
# T.FloatTensor(...) in the module's functions warns on a GPU machine. A function that binds the name itself keeps it.
import numpy as np
import torch

if torch.cuda.is_available():
    T = torch.cuda
else:
    T = torch

tt = torch.cuda if torch.cuda.is_available() else torch


class Noise(torch.nn.Module):
    def __init__(self, sigma):
        super().__init__()
        self.sigma = sigma

    def forward(self, x):
        return x + self.sigma * T.FloatTensor(x.size()).normal_()  # finding: cuda-dtype-tensor-constructor


class Beam:
    def __init__(self, size):
        self.scores = tt.FloatTensor(size).zero_()  # finding: cuda-dtype-tensor-constructor


def host_noise(shape):
    T = np.random
    return T.normal(size=shape)
