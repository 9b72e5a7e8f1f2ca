# seen in: StyleGAN-family gradfix helpers that fetch ATen backward kernels through the private JIT binding and call
# what it returns; since 1.12 it returns (operator, overload names). The unpacked form is the fix
import torch


class GridSampleBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_output, input, grid):
        op = torch._C._jit_get_operation('aten::grid_sampler_2d_backward')  # finding: jit-get-operation-tuple
        grad_input, grad_grid = op(grad_output, input, grid, 0, 0, False)
        return grad_input, grad_grid


def weight_gradient(name, weight_shape, grad_output, input):
    return torch._C._jit_get_operation(name)(weight_shape, grad_output, input)  # finding: jit-get-operation-tuple


def fixed_backward(grad_output, input, grid):
    op, _ = torch._C._jit_get_operation('aten::grid_sampler_2d_backward')
    return op(grad_output, input, grid, 0, 0, False, [True, True])


def overloads_of(name):
    found = torch._C._jit_get_operation(name)
    return found[1]
