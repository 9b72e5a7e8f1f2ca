import torch


def test(args, model):
    checkpoint = torch.load(args.resume)  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["state_dict"])
    return checkpoint["epoch"]
