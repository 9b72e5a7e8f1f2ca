# seen in: network-slimming and rethinking-network-pruning: the pruned model's layer widths travel under "cfg", a
# plain list of ints and "M"; no config-object library anywhere in the project
import torch

from models import vgg


def prune(model, masks, path):
    cfg = [int(mask.sum()) for mask in masks] + ["M"]
    newmodel = vgg(cfg=cfg)
    torch.save({"cfg": cfg, "state_dict": newmodel.state_dict()}, path)
