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


class Runner:
    # round 59's EfficientNet runner keeps the options as self.arg: "model_type": self.arg.model is a string
    def __init__(self, arg, net, save_dir):
        self.arg, self.net, self.save_dir = arg, net, save_dir

    def save(self, epoch):
        torch.save({"model_type": self.arg.model, "epoch": epoch, "network": self.net.state_dict()},
                   f"{self.save_dir}/epoch{epoch}.pth.tar")

    def load(self, filename):
        checkpoint = torch.load(f"{self.save_dir}/{filename}")
        if checkpoint["model_type"] != self.arg.model:
            raise ValueError(checkpoint["model_type"])
        self.net.load_state_dict(checkpoint["network"])
