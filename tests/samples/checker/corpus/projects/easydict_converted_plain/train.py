# seen in: a point-cloud feature project whose trainer keeps its EasyDict run config in every checkpoint
import torch
from easydict import EasyDict as edict


def save_checkpoint(config, model, path):
    torch.save({"state_dict": model.state_dict(), "config": config}, path)


def main(options):
    config = edict(options)
    save_checkpoint(config, torch.nn.Linear(2, 2), config.out)
