"""Trains with hyper-parameters parsed from a JSON file (plain containers) and saves them beside the weights: the
checkpoint loads under weights_only=True (seen in an ESRGAN course project and a Music Transformer)."""
import argparse
import json

import torch


class Trainer:
    def __init__(self, model, hparams):
        self.model = model
        self.hparams = hparams
        self.lr = self.hparams["lr"]


def main(model):
    parser = argparse.ArgumentParser()
    parser.add_argument("config_file", type=argparse.FileType("r"))
    parser.add_argument("save_path")
    args = parser.parse_args()
    opt = vars(args)
    hparams = json.load(args.config_file)
    trainer = Trainer(model, hparams)
    torch.save({"model_state_dict": model.state_dict(), "hparams": trainer.hparams, "opt": opt}, args.save_path)
