# seen in: NVlabs' grid_sample_gradfix copies (StyleGAN2-ADA, PTI): the custom Functions that fetch the ATen backward
# run only when _should_use_custom_op() allows, and it allows only torch 1.7-1.9; on 2.15 grid_sample falls back.
# A module whose own gate names no old release still fetches the op.
import torch

enabled = True


def grid_sample(input, grid):
    if _should_use_custom_op():
        return _GridSample2dForward.apply(input, grid)
    return torch.nn.functional.grid_sample(input=input, grid=grid, align_corners=False)


def _should_use_custom_op():
    if not enabled:
        return False
    if any(torch.__version__.startswith(x) for x in ["1.7.", "1.8.", "1.9"]):
        return True
    return False


class _GridSample2dForward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, grid):
        ctx.save_for_backward(input, grid)
        return torch.nn.functional.grid_sample(input=input, grid=grid, align_corners=False)

    @staticmethod
    def backward(ctx, grad_output):
        input, grid = ctx.saved_tensors
        return _GridSample2dBackward.apply(grad_output, input, grid)


class _GridSample2dBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_output, input, grid):
        op = torch._C._jit_get_operation("aten::grid_sampler_2d_backward")
        grad_input, grad_grid = op(grad_output, input, grid, 0, 0, False)
        return grad_input, grad_grid

    @staticmethod
    def backward(ctx, grad2_grad_input, grad2_grad_grid):
        return _GridSample2dForward.apply(grad2_grad_input, grad2_grad_grid), None, None


def _use_custom_backward():
    return enabled


def sample_with_backward(grad_output, input, grid):
    if _use_custom_backward():
        return _OpenBackward.apply(grad_output, input, grid)
    return None


class _OpenBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_output, input, grid):
        op = torch._C._jit_get_operation("aten::grid_sampler_2d_backward")  # finding: jit-get-operation-tuple
        return op(grad_output, input, grid, 0, 0, False)
