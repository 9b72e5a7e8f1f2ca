# seen in: StyleGAN2's conv2d_gradfix.py (copied into JoJoGAN, VToonify and many GAN trees): the custom ops are built
# only `if could_use_op(input):`, and could_use_op answers True only on torch 1.7-1.10, so on 2.15 the factory and
# its _jit_get_operation lookup never run. A function also called outside the gate still counts.
import torch
from torch import autograd
from torch.nn import functional as F


def could_use_op(input):
    if input.device.type != "cuda":
        return False
    if any(torch.__version__.startswith(x) for x in ["1.7.", "1.8.", "1.9", "1.10"]):
        return True
    return False


def conv2d(input, weight, bias=None):
    if could_use_op(input):
        return conv2d_gradfix(weight.shape).apply(input, weight, bias)
    return F.conv2d(input, weight, bias)


def conv2d_gradfix(weight_shape):
    class Conv2dGradWeight(autograd.Function):
        @staticmethod
        def forward(ctx, grad_output, input):
            op = torch._C._jit_get_operation("aten::cudnn_convolution_backward_weight")
            return op(weight_shape, grad_output, input)

    return Conv2dGradWeight


def weight_lookup(name):
    return torch._C._jit_get_operation(name)(1)  # finding: jit-get-operation-tuple


def probe(input):
    if could_use_op(input):
        return weight_lookup("aten::relu")
    return weight_lookup("aten::gelu")
