# seen in: training scripts whose `config` is a plain dict read from YAML (no config-object library imported)
import torch
import yaml


def train(config_path, model):
    with open(config_path) as f:
        config = yaml.safe_load(f)
    run(config, model)


def save_checkpoint(config, model, epoch, path):
    torch.save({"model": model.state_dict(), "epoch": epoch, "config": config}, path)


def resume(path, model):
    checkpoint = torch.load(path, map_location="cpu")
    model.load_state_dict(checkpoint["model"])
    return checkpoint["epoch"]
