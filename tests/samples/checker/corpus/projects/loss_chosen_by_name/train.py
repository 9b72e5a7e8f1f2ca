import torch

from losses import cosine_loss


def validate(model, batches, option):
    if option == "cosine":
        loss_fn = cosine_loss
    total = 0
    for src, tgt in batches:
        total += loss_fn(model(src), tgt, eval=True)
    return total / torch.tensor(len(batches))
