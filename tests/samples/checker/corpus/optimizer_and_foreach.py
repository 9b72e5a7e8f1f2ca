# seen in: timm optimizers and model EMA (private foreach ops, hasattr-guarded)
import torch


def ema(ema_params, params, decay):
    if hasattr(torch, "_foreach_lerp_"):
        torch._foreach_lerp_(ema_params, params, weight=1.0 - decay)  # finding: private-foreach
    else:
        torch._foreach_mul_(ema_params, scalar=decay)
    torch.foreach.add_(ema_params, params)


def build(model):
    return torch.optim.AdamW(model.parameters(), lr=1e-3)
