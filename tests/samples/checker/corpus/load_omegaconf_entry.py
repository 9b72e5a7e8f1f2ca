# seen in: an audio-generation library exporting its training checkpoints (audiocraft's export utilities),
# whose trainer (a library outside the project) saves the hydra config as an omegaconf DictConfig
from pathlib import Path

import torch
from omegaconf import OmegaConf


def export_release(checkpoint_path, out_file):
    pkg = torch.load(checkpoint_path, "cpu")  # finding: torch-load-pickled-object
    release = {
        "best_state": pkg["best_state"]["model"],
        "xp.cfg": OmegaConf.to_yaml(pkg["xp.cfg"]),  # the release keeps the config as YAML text
        "exported": True,
    }
    Path(out_file).parent.mkdir(exist_ok=True, parents=True)
    torch.save(release, out_file)


def load_release(path):
    # a release file: the config is YAML text, which OmegaConf.create parses; it loads with weights_only=True
    pkg = torch.load(path, map_location="cpu")
    cfg = OmegaConf.create(pkg["xp.cfg"])
    return cfg, pkg["best_state"]
