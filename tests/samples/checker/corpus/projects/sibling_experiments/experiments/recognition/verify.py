import torch


def verify(args, model):
    # the checkpoint train_dist.py beside it writes (plain), not segmentation's
    checkpoint = torch.load(args.resume)
    model.load_state_dict(checkpoint["state_dict"])
