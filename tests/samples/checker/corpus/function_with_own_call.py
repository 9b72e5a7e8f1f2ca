# seen in: vendored copies of a 1-D interpolation Function (RAW image pipelines) that subclass autograd.Function
# with an instance forward but define their own __call__, which runs self.forward: Function.__call__, the part that
# raises for old-style functions, never runs. Building the instance still warns.
import torch
from torch.autograd import Function


class Interp1d(Function):
    def __call__(self, x, y, xnew):
        return self.forward(x, y, xnew)

    def forward(self, x, y, xnew):
        index = torch.searchsorted(x.contiguous(), xnew.contiguous()).clamp(1, x.numel() - 1)
        slope = (y[index] - y[index - 1]) / (x[index] - x[index - 1])
        return y[index - 1] + slope * (xnew - x[index - 1])


def tone_curve(x, y, image):
    return Interp1d()(x, y, image.flatten())  # finding: autograd-function-instantiated
