# seen in: facebookresearch/audiocraft utils/export_legacy.py (a loaded entry handed to a helper whose parameter
# is an omegaconf DictConfig) and sam2 training/utils/checkpoint_utils.py (the loaded value handed to a helper that
# handles a TorchScript archive: torch.load raises "Cannot use ``weights_only=True`` with TorchScript archives"
# on torch 2.15); helpers that take plain data leave their callers' loads unflagged
import torch
from omegaconf import DictConfig, OmegaConf
from torch.jit import RecursiveScriptModule


def _clean_cfg(cfg: DictConfig):
    cfg["card"] = 2048
    return cfg


def _freeze(cfg):
    OmegaConf.set_struct(cfg, True)
    return cfg


def export_lm(checkpoint_path):
    pkg = torch.load(checkpoint_path, "cpu")  # finding: torch-load-pickled-object
    return OmegaConf.to_yaml(_clean_cfg(pkg["xp.cfg"])), pkg["best_state"]


def export_frozen(checkpoint_path):
    pkg = torch.load(checkpoint_path, "cpu")  # finding: torch-load-pickled-object
    return _freeze(pkg["cfg"])


def unwrap_weights(checkpoint, keys):
    if isinstance(checkpoint, RecursiveScriptModule):
        return checkpoint.state_dict()
    for key in keys:
        checkpoint = checkpoint[key]
    return checkpoint


def load_pretrained(path, keys=("state_dict",)):
    with open(path, "rb") as f:
        checkpoint = torch.load(f, map_location="cpu")  # finding: torch-load-pickled-object
    return unwrap_weights(checkpoint, keys)


# Look-alikes: helpers taking a state dict or a plain dict.
def _strip_prefix(state_dict: dict, prefix="module."):
    return {k.removeprefix(prefix): v for k, v in state_dict.items()}


def _count(entries):
    return len(entries)


def load_weights(path):
    checkpoint = torch.load(path, map_location="cpu")
    return _strip_prefix(checkpoint["model"]), _count(checkpoint["meta"])
