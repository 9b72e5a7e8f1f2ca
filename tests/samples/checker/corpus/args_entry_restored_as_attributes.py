# seen in: trajectory-forecasting trainers (dagnet's train_*.py) that save args.__dict__ and restore it by assigning
# the loaded entry back to args.__dict__; the entry is a dict of plain values, which weights_only loads
import argparse

import torch


def save_checkpoint(path, args, model):
    torch.save({"args": args.__dict__, "model_state_dict": model.state_dict()}, path)


def resume(path, args, model):
    checkpoint = torch.load(path)
    args.__dict__ = checkpoint["args"]
    model.load_state_dict(checkpoint["model_state_dict"])


def resume_by_update(path, model):
    args = argparse.Namespace()
    checkpoint = torch.load(path)
    vars(args).update(checkpoint["args"])
    model.load_state_dict(checkpoint["model_state_dict"])
    return args

