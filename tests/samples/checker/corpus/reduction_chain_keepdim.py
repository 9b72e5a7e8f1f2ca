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


def weight_norm_init(x_init, out_channels):
    # round 59's OpenNMT WeightNormConv2d copies: the name reduced was bound to a 2-D view, so dim 1 was its last
    flat = x_init.transpose(0, 1).contiguous().view(out_channels, -1)
    mean, var = flat.mean(1).squeeze(1), flat.var(1).squeeze(1)  # finding: reduction-chain-keepdim
    cube = x_init.view(out_channels, 3, -1)
    kept = cube.mean(1).squeeze(1)  # 3-D: dim 1 is no longer there to squeeze, but no error says so
    return mean, var, kept


def weight_norm_transpose_init(x_init, out_channels):
    # OpenNMT's WeightNormConvTranspose2d spells transpose "tranpose": AttributeError before any reduction runs
    flat = x_init.tranpose(0, 1).contiguous().view(out_channels, -1)
    return flat.mean(1).squeeze(1)
