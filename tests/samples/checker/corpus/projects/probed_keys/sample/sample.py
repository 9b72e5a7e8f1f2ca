import torch


def load_gpt(args, gpt):
    # the training script's checkpoint is one of the layouts this load takes: its "args" is a Namespace
    checkpoint = torch.load(args.gpt_ckpt, map_location="cpu")  # finding: torch-load-saved-in-project
    if args.from_fsdp:
        weight = checkpoint
    elif "model" in checkpoint:
        weight = checkpoint["model"]
    elif "module" in checkpoint:
        weight = checkpoint["module"]
    elif "state_dict" in checkpoint:
        weight = checkpoint["state_dict"]
    else:
        raise ValueError("unknown checkpoint layout")
    gpt.load_state_dict(weight)


def load_published(path, net):
    # no branch reads a key of a layout the project saves with an object
    weights = torch.load(path, map_location="cpu")
    if "params" in weights:
        weights = weights["params"]
    elif "net" in weights:
        weights = weights["net"]
    net.load_state_dict(weights)
