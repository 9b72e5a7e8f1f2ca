# the same files read under another option; a bare ".pt" suffix names no particular file, so it stays apart
import argparse

import torch


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-data")
    opt = parser.parse_args()
    train = torch.load(opt.data + ".train.pt")  # finding: torch-load-saved-in-project
    vocabs = torch.load(opt.data + ".vocab.pt")  # finding: torch-load-saved-in-project
    weights = torch.load(opt.data + ".pt")
    return train, vocabs, weights
