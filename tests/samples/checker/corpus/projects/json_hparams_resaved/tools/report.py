"""Saves the options (a dict: train.py binds opt to vars(args)) with the weights and reads them back; a keyword
argument line (`opt=opt`, on a line of its own) binds nothing."""
import torch


def describe(model, opt):
    return dict(
        model=model,
        opt=opt
    )


def save(model, optimizer, opt, filename):
    params = {
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "config": opt,
    }
    torch.save(params, filename)


def load(model, optimizer, filename):
    dump = torch.load(filename)
    model.load_state_dict(dump["model"])
    optimizer.load_state_dict(dump["optimizer"])
    return model, optimizer, dump["config"]
