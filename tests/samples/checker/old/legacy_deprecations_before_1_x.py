# expect: still-warns-on-2.15#torchcudafloattensor-and-torchsparsefloattensor-constructors
# expect: still-warns-on-2.15#non-inplace-tensorresize-and-tensorresize_as
# expect: still-warns-on-2.15#nnnllloss2d-nncontainer-and-hardtanh-min_value
# expect: still-warns-on-2.15#fgumbel_softmax-eps
# expect: still-warns-on-2.15#ctxsaved_variables-and-the-other-old-autograd-spellings
# expect: still-warns-on-2.15#distributionsample_n-and-concatdatasetcummulative_sizes
# expect: still-warns-on-2.15#distributeddataparallel-check_reduction
# expect: still-warns-on-2.15#distributeddataparallelcpu
# expect: still-warns-on-2.15#all_gather_coalesced-and-all_reduce_coalesced
# expect: still-warns-on-2.15#defaultsaveplanner-dedup_replicated_tensors
# expect: still-warns-on-2.15#torchcudancclreduce-with-a-list-of-outputs
# expect: still-warns-on-2.15#to_sparse_semi_structured-transposed
# Code from the torch 0.4-2.3 era that torch 2.15 still warns about.
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
        ctx.mark_shared_storage()
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y


def train(model, logits, indices, values, grads, inputs, outputs, dist_obj, weight):
    buf = torch.cuda.FloatTensor(4).fill_(0)
    adj = torch.sparse.FloatTensor(indices, values, torch.Size([4, 4]))
    shaped = buf.resize_as(adj)
    loss_fn = nn.NLLLoss2d()
    y = F.gumbel_softmax(logits, eps=1e-20)
    draws = dist_obj.sample_n(8)
    ddp = nn.parallel.DistributedDataParallel(model, check_reduction=True)
    cpu = nn.parallel.DistributedDataParallelCPU(model)
    dist.all_reduce_coalesced(grads)
    planner = DefaultSavePlanner(dedup_replicated_tensors=True)
    torch.cuda.nccl.reduce(inputs, outputs=outputs)
    sparse = to_sparse_semi_structured(weight, transposed=True)
    return shaped, loss_fn, y, draws, ddp, cpu, planner, sparse
