# seen in: facebookresearch/barlowtwins evaluate.py (a resumable checkpoint built with dict(...), whose best_acc
# is an argparse.Namespace bound earlier in the same function), BasicSR-style FID statistics (dict(mean=np.mean(...)));
# both refused by weights_only=True on torch 2.15 (Unsupported global: argparse.Namespace / numpy scalar)
import argparse

import numpy as np
import torch


def train(model, optimizer, args):
    if (args.checkpoint_dir / "checkpoint.pth").is_file():
        ckpt = torch.load(args.checkpoint_dir / "checkpoint.pth", map_location="cpu")  # finding: torch-load-saved-objects
        start_epoch = ckpt["epoch"]
        best_acc = ckpt["best_acc"]
        model.load_state_dict(ckpt["model"])
    else:
        start_epoch = 0
        best_acc = argparse.Namespace(top1=0, top5=0)
    for epoch in range(start_epoch, args.epochs):
        best_acc.top1 = max(best_acc.top1, epoch)
        state = dict(epoch=epoch + 1, best_acc=best_acc, model=model.state_dict(), optimizer=optimizer.state_dict())
        torch.save(state, args.checkpoint_dir / "checkpoint.pth")


def fid_stats(features, out):
    torch.save(dict(mean=np.mean(features, 0), cov=np.cov(features, rowvar=False)), out)
    return torch.load(out)  # finding: torch-load-saved-objects


# Look-alikes that load: plain numbers and state dicts in a dict(...) call.
def plain_resume(model, args):
    if (args.checkpoint_dir / "plain.pth").is_file():
        ckpt = torch.load(args.checkpoint_dir / "plain.pth", map_location="cpu")
        model.load_state_dict(ckpt["model"])
        best = ckpt["best"]
    else:
        best = 0.0
    state = dict(epoch=1, best=float(best), model=model.state_dict())
    torch.save(state, args.checkpoint_dir / "plain.pth")


def plain_stats(features, out):
    torch.save(dict(mean=torch.as_tensor(features).mean(0), count=len(features)), out)
    return torch.load(out)
