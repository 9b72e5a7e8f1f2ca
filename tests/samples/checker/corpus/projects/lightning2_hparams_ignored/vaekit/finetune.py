import torch
from omegaconf import OmegaConf


def adapter_from_pretrained(config_path, checkpoint_path, adapter):
    config = OmegaConf.load(config_path)
    weights = torch.load(checkpoint_path, map_location="cpu")["state_dict"]
    adapter.load_state_dict(weights, strict=False)
    return adapter, config
