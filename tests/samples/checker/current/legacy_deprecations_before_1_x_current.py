# The current spelling of everything in old/legacy_deprecations_before_1_x.py: nothing to report on 2.15.
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.checkpoint import DefaultSavePlanner
from torch.sparse import to_sparse_semi_structured


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y


def train(model, logits, indices, values, grads, inputs, outputs, dist_obj, weight):
    buf = torch.zeros(4, device="cuda")
    adj = torch.sparse_coo_tensor(indices, values, (4, 4), check_invariants=False)
    shaped = buf.reshape(adj.shape)
    loss_fn = nn.NLLLoss()
    y = F.gumbel_softmax(logits, tau=1.0)
    draws = dist_obj.sample((8,))
    ddp = nn.parallel.DistributedDataParallel(model)
    flat = torch.cat([g.flatten() for g in grads])
    dist.all_reduce(flat)
    planner = DefaultSavePlanner()
    torch.cuda.nccl.reduce(inputs, output=outputs[0])
    sparse = to_sparse_semi_structured(weight)
    return shaped, loss_fn, y, draws, ddp, planner, sparse
