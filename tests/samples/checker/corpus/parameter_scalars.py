# seen in: quantized.pytorch and DFQ's quantizing layers, which read their weight's range as Python numbers on every
# forward. A parameter requires grad, so float() of it (or of anything computed from it) warns on 2.8+ outside
# no_grad; .detach(), .data and .item() do not.
import torch
import torch.nn as nn


def quantize(x, low, high):
    return x.clamp(low, high)


class QConv2d(nn.Conv2d):
    def forward(self, x):
        weight = quantize(self.weight, float(self.weight.min()),  # finding: float-of-requires-grad-tensor
                          float(self.weight.abs().max()))  # finding: float-of-requires-grad-tensor
        return nn.functional.conv2d(x, weight, self.bias)


class QLinear(nn.Linear):
    def merge_scale(self, weight, bias, scale):
        return weight * scale, bias * scale

    def forward(self, x):
        sweight, sbias = self.weight.clone(), self.bias
        if hasattr(self, "scale"):
            sweight, sbias = self.merge_scale(sweight, sbias, self.scale)
        low = float(sweight.min())  # finding: float-of-requires-grad-tensor
        high = float(self.weight.detach().max())
        span = float(self.weight.data.max() - self.weight.data.min())
        with torch.no_grad():
            peak = float(sweight.max())
        return nn.functional.linear(x, quantize(sweight, low, high), sbias) * span * peak


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return x * float(self.weight)  # finding: float-of-requires-grad-tensor


class Buffered(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.ones(1)  # a plain tensor: no grad

    def forward(self, x):
        return x * float(self.weight)


class Frozen(nn.Linear):
    @torch.no_grad()
    def describe(self):
        return float(self.weight.max())
