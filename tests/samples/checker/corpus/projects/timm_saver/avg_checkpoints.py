import torch


def checkpoint_metric(checkpoint_path):
    checkpoint = torch.load(checkpoint_path, map_location="cpu")  # finding: torch-load-saved-in-project
    metric = None
    if "metric" in checkpoint:
        metric = checkpoint["metric"]
    return metric


def clean(args):
    checkpoint = torch.load(args.checkpoint, map_location="cpu")  # finding: torch-load-saved-in-project
    state_dict_key = "state_dict_ema" if args.use_ema else "state_dict"
    return checkpoint[state_dict_key] if state_dict_key in checkpoint else checkpoint


def pretrained_backbone(path):
    weights = torch.load(path, map_location="cpu")  # a backbone's weights: keys outside the saver's layout
    return weights["backbone"]
