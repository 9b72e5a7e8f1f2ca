# seen in: word-sense disambiguation bi-encoders (wsd-biencoders' biencoder.py) name their plain state dicts
# best_model.ckpt and write them through an open handle; a project that writes its own .ckpt files plainly reads
# them back plainly, Lightning or not.
import os

import torch
from torch import nn


def train(args):
    model = nn.Linear(4, 2)
    model_fname = os.path.join(args.ckpt, "best_model.ckpt")
    with open(model_fname, "wb") as f:
        torch.save(model.state_dict(), f)


def evaluate(args):
    model = nn.Linear(4, 2)
    model_path = os.path.join(args.ckpt, "best_model.ckpt")
    model.load_state_dict(torch.load(model_path))
    return model
