# seen in: beam-search helpers of code models (CodeBERT's and CodeT5's Beam) that keep the torch.cuda module in an
# attribute (`self.tt = torch.cuda`) and build every buffer through it; a class attribute holding a module, read
# through self, resolves the same way. An attribute that a store elsewhere in the class rebinds to the other module
# (CPU fallback) is a choice, as `torch.cuda if gpu else torch` is; one whose value is a call is unknown.
import torch
import torch.nn.functional


class Beam(object):
    def __init__(self, size, sos):
        self.size = size
        self.tt = torch.cuda
        self.scores = self.tt.FloatTensor(size).zero_()  # finding: cuda-dtype-tensor-constructor
        self.nextYs = [self.tt.LongTensor(size).fill_(0)]  # finding: cuda-dtype-tensor-constructor
        self.nextYs[0][0] = sos

    def current(self):
        return self.tt.LongTensor(self.nextYs[-1]).view(-1, 1)  # finding: cuda-dtype-tensor-constructor


class Upsampler:
    F = torch.nn.functional

    def __call__(self, x):
        return self.F.upsample(x, scale_factor=2)  # finding: functional-upsample


class Fallback:
    def __init__(self, gpu):
        self.tt = torch.cuda
        if not gpu:
            self.tt = torch

    def zeros(self, n):
        return self.tt.FloatTensor(n).zero_()  # finding: cuda-dtype-tensor-constructor


class Pair:
    def __init__(self):
        self.tt, self.other = torch.cuda, torch
        self.dev = torch.device("cuda")

    def zeros(self, n):
        return self.tt.FloatTensor(n)
