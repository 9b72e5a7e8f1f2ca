# seen in: RL evaluation scripts that save vars(args) and rebuild a Namespace from it, and a text-to-image
# trainer whose checkpoints keep the model's keyword arguments as a plain dict
from argparse import Namespace

import torch


def rebuild(path):
    data = torch.load(path)
    args = Namespace(**data["args"])
    return args.seed


def rebuild_as_class(path):
    checkpoint = torch.load(path)
    args = checkpoint["args"]
    args = type("Args", (), args)
    return args.env_id


def resume(path, build):
    loaded = torch.load(path, map_location="cpu")
    params, weights = loaded["hparams"], loaded["weights"]
    model = build(**params)
    model.load_state_dict(weights)
    return model


def resume_with_namespace(path):
    loaded = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    return loaded["args"].lr
