import torch


def checkpoint_metric(checkpoint_path):
    checkpoint = torch.load(checkpoint_path, map_location="cpu")
    return checkpoint["metric"] if "metric" in checkpoint else None
