from nmt_model import NMT
from vocab import Vocab


def train(path):
    model = NMT(256, 256, Vocab(["<pad>", "<s>", "</s>"]), ["a", "b"])
    model.save(path)
    return NMT.load(path)
