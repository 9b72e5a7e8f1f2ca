# seen in: semi-supervised GAN and weight-norm code of 2017 that expands reductions back over their input, as
# torch 0.1 kept the reduced dimension; a dimension-0 reduction, keepdim=True and another tensor stay quiet
import torch


def log_sum_exp(logits):
    top = logits.max(1)[0]
    return top + torch.log(torch.exp(logits - top.unsqueeze(1)).sum(1))


def stable_log_sum_exp(logits):
    shifted = logits - logits.max(1)[0].expand_as(logits)  # finding: reduction-keepdim-default
    return shifted.exp().sum(1).log()


def unit_rows(feat):
    return feat / torch.norm(feat, 2, 1).expand(feat.size())  # finding: reduction-keepdim-default


def mean_centre(x):
    return x - x.mean(dim=2).expand_as(x)  # finding: reduction-keepdim-default


def fine(x, weights):
    by_column = x / x.sum(0).expand_as(x)
    kept = x / x.sum(1, keepdim=True).expand_as(x)
    other = weights.sum(1).expand_as(x)
    return by_column, kept, other


def masked_log_sum_exp(logits, mask):
    logits = logits * mask
    max_logits = logits.max(1)[0]
    return (logits - max_logits.expand_as(logits)).exp().sum(1).log()  # finding: reduction-keepdim-default


# pytorch-es and the A3C ports of 2017: column-normalised initial weights, the squares summed over dim 1
def normalized_columns_initializer(weights, std=1.0):
    out = torch.randn(weights.size())
    out *= std / torch.sqrt(out.pow(2).sum(1).expand_as(out))  # finding: reduction-keepdim-default
    scaled = (out ** 2).sum(0).expand_as(out)
    return out, scaled


def normalised(x):
    # round 59's conditional-similarity nets: a small number added keeps the reduced shape
    norm = torch.norm(x, p=2, dim=1) + 1e-10
    return x / norm.expand_as(x)  # finding: reduction-keepdim-default


def triplet_embeddings(general_x, general_y):
    # the same name rebound for each embedding: the latest binding above the use is the one expanded
    norm = torch.norm(general_x, p=2, dim=1) + 1e-10
    general_x = general_x / norm.expand_as(general_x)  # finding: reduction-keepdim-default
    norm = torch.norm(general_y, p=2, dim=1) + 1e-10
    general_y = general_y / norm.expand_as(general_y)  # finding: reduction-keepdim-default
    norm = general_y.sum(0)
    return general_x, general_y / norm.expand_as(general_y)
