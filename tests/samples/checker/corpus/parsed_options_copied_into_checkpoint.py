# seen in: NAS search scripts that keep a deep copy of the run's options, under a name other than args, in every
# checkpoint they resume from (the checkpoint's path read out of a second "last info" file)
import argparse
from copy import deepcopy

import torch


def search(xargs, info_path, model_path):
    last_info = torch.load(info_path)  # finding: torch-load-saved-in-project
    start_epoch = last_info["epoch"]
    checkpoint = torch.load(last_info["last_checkpoint"])  # finding: torch-load-saved-in-project
    genotypes, start_epoch = checkpoint["genotypes"], checkpoint["epoch"]
    torch.save({"epoch": 1, "args": deepcopy(xargs), "genotypes": genotypes}, model_path)
    torch.save({"epoch": 1, "args": deepcopy(xargs), "last_checkpoint": model_path}, info_path)


def resume_plain(options_path, weights_path):
    # a copy of a plain dict of options is plain data
    options = deepcopy({"lr": 0.1})
    torch.save({"options": options, "weights": {}}, weights_path)
    state = torch.load(weights_path)
    return state["weights"], state["options"]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    search(parser.parse_args(), "info.pth", "model.pth")
