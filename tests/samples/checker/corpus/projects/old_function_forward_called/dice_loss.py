# seen in: the old Pytorch-UNet dice copied into segmentation projects: an autograd.Function with an instance
# forward that the project only runs as DiceCoeff().forward(a, b), a plain method call (no RuntimeError); building
# the instance is what warns. A Function the project calls as an instance keeps its class finding.
import torch
from torch.autograd import Function


class DiceCoeff(Function):
    def forward(self, input, target):
        inter = torch.dot(input.view(-1), target.view(-1))
        union = torch.sum(input) + torch.sum(target) + 0.0001
        return (2 * inter.float() + 0.0001) / union.float()


def dice_coeff(input, target):
    total = torch.zeros(1)
    for pair in zip(input, target):
        total = total + DiceCoeff().forward(pair[0], pair[1])  # finding: autograd-function-instantiated
    return total / len(input)


class Clamp(Function):  # finding: autograd-function-non-static-forward
    def forward(self, x):
        return x.clamp(0, 1)


def clamp(x):
    return Clamp()(x)  # finding: autograd-function-instantiated
