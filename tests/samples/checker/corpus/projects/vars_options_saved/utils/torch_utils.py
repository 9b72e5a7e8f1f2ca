import torch


def save(model, optimizer, opt, filename):
    params = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "config": opt}
    torch.save(params, filename)


def load(model, optimizer, filename):
    dump = torch.load(filename)
    model.load_state_dict(dump["model"])
    optimizer.load_state_dict(dump["optimizer"])
    return model, optimizer, dump["config"]


def load_config(filename):
    dump = torch.load(filename)
    return dump["config"]
