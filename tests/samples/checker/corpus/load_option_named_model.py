# seen in: a PlaNet re-implementation whose checkpoints keep the chosen model's name from the command line
# ("model": args.model, a string) beside the state dicts: plain data for weights_only; a checkpoint that keeps the
# model itself ("model": model) does not load.
import argparse

import torch


def train(model, optimizer, results_dir):
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="rssm")
    args = parser.parse_args()
    info = {"model_state_dict": model.state_dict(), "optim_state_dict": optimizer.state_dict(), "model": args.model}
    torch.save(info, f"{results_dir}/{args.model}.pt")
    torch.save({"state_dict": model.state_dict(), "model": model}, f"{results_dir}/whole.pt")


def load_config(results_dir, name):
    checkpoint = torch.load(f"{results_dir}/{name}.pt")
    return checkpoint["model"], checkpoint["model_state_dict"]


def load_whole(results_dir):
    checkpoint = torch.load(f"{results_dir}/whole.pt")  # finding: torch-load-saved-objects
    return checkpoint["model"]
