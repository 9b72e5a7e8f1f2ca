# expect: removed-and-legacy-calls#torch_c_jit_get_operation-returns-a-tuple-operator-overloads
import torch


class GridSampleBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_output, input, grid):
        op = torch._C._jit_get_operation('aten::grid_sampler_2d_backward')
        grad_input, grad_grid = op(grad_output, input, grid, 0, 0, False)
        return grad_input, grad_grid
