# seen in: NVIDIA apex fused optimizers (torch.cuda.IntTensor([0]) overflow buffers), wandb's torch hooks
# (torch.cuda.FloatTensor(1).fill_(0)), pytorch3d and GPyTorch-style sparse helpers (torch.sparse.FloatTensor),
# pytorch_scatter / dgl custom autograd Functions (ctx.saved_variables), old GAN and RL training loops
import torch
from torch import nn


def buffers(indices, values, size, x):
    overflow = torch.cuda.IntTensor([0])  # finding: cuda-dtype-tensor-constructor
    check = torch.cuda.FloatTensor(1).fill_(0)  # finding: cuda-dtype-tensor-constructor
    adj = torch.sparse.FloatTensor(indices, values, size)  # finding: sparse-dtype-tensor-constructor
    fine = torch.sparse_coo_tensor(indices, values, size, check_invariants=False)
    same = isinstance(x, torch.cuda.FloatTensor)
    cast = x.type(torch.cuda.FloatTensor)
    zeros = torch.zeros(1, dtype=torch.int32, device="cuda")
    grown = x.resize_as(adj)  # finding: tensor-resize-as-not-inplace
    kept = x.resize_as_(adj)
    return overflow, check, adj, fine, same, cast, zeros, grown, kept


class Clamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        ctx.mark_shared_storage()  # finding: ctx-mark-shared-storage
        return x.clamp(0, 1)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * ((x > 0) & (x < 1))


def sample(dist, loss, params, grads):
    draws = dist.sample_n(16)  # finding: distribution-sample-n
    more = dist.sample((16,))
    torch.autograd.backward([loss], grad_variables=grads)  # finding: autograd-backward-grad-variables
    torch.autograd.backward([loss], grad_tensors=grads)
    g = torch.autograd.grad(loss, params, only_inputs=False)  # finding: autograd-grad-only-inputs
    h = torch.autograd.grad(loss, params, create_graph=True)
    return draws, more, g, h
