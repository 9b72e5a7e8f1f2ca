# A look-alike: the project uses mmengine for its configs only and writes its own plain checkpoints, so a
# script that strips one and saves the rest reads a plain file.
import torch
from mmengine.config import Config


def train(model, cfg_path, out):
    cfg = Config.fromfile(cfg_path)
    torch.save({"meta": {"epoch": cfg.epochs}, "state_dict": model.state_dict()}, out)


def process_checkpoint(in_file, out_file, save_keys=("meta", "state_dict")):
    checkpoint = torch.load(in_file, map_location="cpu")
    for k in list(checkpoint.keys()):
        if k not in save_keys:
            checkpoint.pop(k, None)
    torch.save(checkpoint, out_file)
