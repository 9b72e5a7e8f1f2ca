# seen in: the evaluation script of the converted weights: a plain checkpoint, loads under weights_only=True
import torch


def load_converted(path, model):
    model.load_state_dict(torch.load(path)["state_dict"])
