import torch

from helpers import make_batch, make_stats


def main(model):
    batch = make_batch(3)
    torch.save({"model": model.state_dict(), "batch": batch}, "batch.pt")
    stats = make_stats(3)
    torch.save({"model": model.state_dict(), "stats": stats}, "stats.pt")
