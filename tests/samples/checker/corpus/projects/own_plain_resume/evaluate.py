# seen in: facebookresearch/barlowtwins (evaluate.py keeps an argparse.Namespace under 'best_acc' in its checkpoint;
# main.py resumes from a checkpoint it writes itself, to the same path, as a plain dict(epoch, model, optimizer):
# the object layout of the other script is no evidence for main.py's resume, which loads on torch 2.15)
import argparse

import torch


def evaluate(model, optimizer, args):
    if (args.checkpoint_dir / "checkpoint.pth").is_file():
        ckpt = torch.load(args.checkpoint_dir / "checkpoint.pth", map_location="cpu")  # finding: torch-load-saved-objects
        best_acc = ckpt["best_acc"]
        model.load_state_dict(ckpt["model"])
    else:
        best_acc = argparse.Namespace(top1=0, top5=0)
    state = dict(epoch=1, best_acc=best_acc, model=model.state_dict(), optimizer=optimizer.state_dict())
    torch.save(state, args.checkpoint_dir / "checkpoint.pth")
