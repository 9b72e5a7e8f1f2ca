"""Mixes two saved generators and saves the mix with the hyper-parameters read back from one of them."""
import sys

import torch


def load_model(model_path):
    data = torch.load(model_path)
    return data["model_state_dict"], data["hparams"]


if __name__ == "__main__":
    first, _ = load_model(sys.argv[1])
    second, hparams = load_model(sys.argv[2])
    mixed = {key: (first[key] + second[key]) / 2 for key in first}
    torch.save({"model_state_dict": mixed, "stage": "interpolation", "hparams": hparams}, sys.argv[3])
