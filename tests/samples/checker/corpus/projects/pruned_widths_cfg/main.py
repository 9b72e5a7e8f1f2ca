import torch

from models import vgg


def finetune(args):
    checkpoint = torch.load(args.refine)
    model = vgg(cfg=checkpoint["cfg"])
    model.load_state_dict(checkpoint["state_dict"])
    return model


def save_checkpoint(state, path):
    torch.save(state, path)


def train(model, optimizer, epoch, best_prec1, path):
    save_checkpoint({"epoch": epoch + 1, "state_dict": model.state_dict(), "best_prec1": best_prec1,
                     "optimizer": optimizer.state_dict(), "cfg": model.cfg}, path)


def resume(model, optimizer, path):
    checkpoint = torch.load(path)
    model.load_state_dict(checkpoint["state_dict"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    return checkpoint["epoch"], checkpoint["best_prec1"]
