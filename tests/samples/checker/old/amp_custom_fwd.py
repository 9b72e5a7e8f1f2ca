# expect: data-nn-and-optim#torchcudaampcustom_fwd-and-custom_bwd
import torch


class ScaledMatmul(torch.autograd.Function):
    @staticmethod
    @torch.cuda.amp.custom_fwd(cast_inputs=torch.float32)
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    @torch.cuda.amp.custom_bwd
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return grad @ b.T, a.T @ grad
