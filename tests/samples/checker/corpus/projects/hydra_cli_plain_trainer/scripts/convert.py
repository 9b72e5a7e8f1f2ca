# seen in: FAIR-Chem/fairchem scripts/convert_hydra_to_release.py (reads a trainer checkpoint's config and weights)
import torch


def model_weights(path):
    checkpoint = torch.load(path, map_location="cpu")
    return checkpoint["config"]["model"], checkpoint["state_dict"]
