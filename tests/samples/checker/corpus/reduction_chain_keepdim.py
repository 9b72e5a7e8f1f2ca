# seen in: a 2017 CLEVR model (torch 0.1.11 pinned) that pools its feature maps with hand-chained reductions written
# while each reduction kept its dimension; reductions of two dims on purpose, or in one call, stay quiet
import torch


def attention_pool(p, v, N, D):
    return (p.expand_as(v) * v).sum(2).sum(3).view(N, D)  # finding: reduction-chain-keepdim


def max_per_channel(pre_pool):
    return pre_pool.max(2)[0].max(3)[0]  # finding: reduction-chain-keepdim


def global_average(x):
    N, C = x.size(0), x.size(1)
    return x.view(N, C, -1).mean(2).squeeze(2)  # finding: reduction-chain-keepdim


def modern(fmap):
    both = fmap.sum(2).sum(2)
    once = fmap.amax((2, 3))
    rows = fmap.mean(0).mean(1)
    kept = fmap.sum(2, keepdim=True).sum(3)
    return both, once, rows, kept, torch.zeros(1)
