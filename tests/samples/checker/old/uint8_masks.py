# expect: still-warns-on-2.15#uint8-masks-for-indexing
# expect: removed-and-legacy-calls#uint8-masks-in-masked_fill-masked_scatter-masked_select-and-xmask--v
import torch


def causal_scores(scores, keep):
    causal = torch.triu(torch.ones(scores.size(0), scores.size(1)), diagonal=1).byte()
    scores = scores.masked_fill(causal, -float("inf"))
    return torch.where(keep.byte(), scores, torch.zeros_like(scores))
