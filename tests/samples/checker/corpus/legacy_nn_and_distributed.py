# seen in: segmentation training scripts (nn.NLLLoss2d), Gumbel-softmax VAE examples (eps=1e-20),
# early DDP launchers (check_reduction=True, DistributedDataParallelCPU), Megatron-style gradient
# all-reduce helpers (all_reduce_coalesced), torch.cuda.nccl benchmarks, 2:4 sparsity notebooks
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.checkpoint import DefaultSavePlanner
from torch.sparse import to_sparse_semi_structured


def build(model, logits, weight, grads, inputs, outputs):
    criterion = nn.NLLLoss2d(ignore_index=255)  # finding: nll-loss-2d
    ok = nn.NLLLoss(ignore_index=255)
    act = nn.Hardtanh(min_value=-1.0, max_value=1.0)  # finding: hardtanh-min-max-value
    act2 = nn.Hardtanh(min_val=-1.0, max_val=1.0)
    y = F.gumbel_softmax(logits, tau=1.0, eps=1e-20)  # finding: gumbel-softmax-eps
    y2 = F.gumbel_softmax(logits, tau=1.0, hard=True)
    ddp = nn.parallel.DistributedDataParallel(model, check_reduction=True)  # finding: ddp-check-reduction
    ddp2 = nn.parallel.DistributedDataParallel(model, find_unused_parameters=True)
    cpu = nn.parallel.DistributedDataParallelCPU(model)  # finding: distributed-data-parallel-cpu
    dist.all_reduce_coalesced(grads)  # finding: coalesced-collectives
    flat = torch.cat([g.flatten() for g in grads])
    dist.all_reduce(flat)
    planner = DefaultSavePlanner(dedup_replicated_tensors=True)  # finding: save-planner-dedup-replicated
    planner2 = DefaultSavePlanner(flatten_state_dict=True)
    torch.cuda.nccl.reduce(inputs, outputs=outputs)  # finding: nccl-reduce-outputs
    torch.cuda.nccl.reduce(inputs, output=outputs[0])
    sparse = to_sparse_semi_structured(weight, transposed=True)  # finding: semi-structured-transposed
    sparse2 = to_sparse_semi_structured(weight)
    return criterion, ok, act, act2, y, y2, ddp, ddp2, cpu, planner, planner2, sparse, sparse2


class Block(nn.Container):  # finding: nn-container
    pass
