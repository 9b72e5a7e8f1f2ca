# seen in: concode and other OpenNMT-py derivatives: preprocess.py writes its datasets under -save_data, through an
# open() file object, and train.py reads them under -data; whole Dataset objects and Vocab objects, which
# weights_only=True refuses
import argparse

import torch


class Vocab:
    def __init__(self, words):
        self.itos = list(words)


class TextDataset(torch.utils.data.Dataset):
    def __init__(self, path):
        self.lines = open(path).read().splitlines()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-train")
    parser.add_argument("-save_data")
    opt = parser.parse_args()
    train = TextDataset(opt.train)
    torch.save(train, open(opt.save_data + ".train.pt", "wb"))
    torch.save({"src": Vocab(["a"])}, opt.save_data + ".vocab.pt")
    torch.save(torch.zeros(3), opt.save_data + ".pt")
