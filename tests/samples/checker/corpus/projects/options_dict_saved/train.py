import argparse

import torch

from qa.model import QAModel


def main(network):
    parser = argparse.ArgumentParser()
    parser.add_argument("--resume", default="")
    args = parser.parse_args()
    opt = vars(args)
    if args.resume:
        checkpoint = torch.load(args.resume)
        opt = checkpoint["config"]
        network.load_state_dict(checkpoint["state_dict"]["network"])
    model = QAModel(opt, network)
    model.save("best_model.pt", 0)
