import torch

from models.base import FieldBase


def render(args, device):
    # the load goes to field.load(ckpt), the one method of that name, which reads the entries the save adds under
    # its ``if``: the file it reads holds the numpy array
    ckpt = torch.load(args.ckpt, map_location=device)  # finding: torch-load-saved-in-project
    kwargs = ckpt["kwargs"]
    kwargs.update({"device": device})
    field = FieldBase(**kwargs)
    field.load(ckpt)
    return field


def sizes(args):
    # reads only the kwargs: the numpy entry is in the file only when the mask was set
    ckpt = torch.load(args.ckpt, map_location="cpu")
    return ckpt["kwargs"]["grid_size"]


def train(args):
    field = FieldBase()
    field.save(f"{args.out}/{args.name}.th")
