import torch


def causal_scores(scores, keep):
    causal = torch.triu(torch.ones(scores.size(0), scores.size(1)), diagonal=1).bool()
    scores = scores.masked_fill(causal, -float("inf"))
    image = (scores * 255).to(torch.uint8)
    return torch.where(keep.bool(), scores, torch.zeros_like(scores)), image[image > 3]
