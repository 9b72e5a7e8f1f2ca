# seen in: a captioning vocabulary module copied from torchtext (image-captioning-DLCT's data/vocab.py): Vocab keeps a
# defaultdict under self.stoi, Vectors a plain dict under the same name and caches it with the list of words and the
# tensor; what one class binds to an attribute says nothing of another class's attribute of that name.
from collections import defaultdict

import torch


def _unk():
    return 0


class Vocab:
    def __init__(self, words):
        self.itos = list(words)
        self.stoi = defaultdict(_unk)
        self.stoi.update({word: i for i, word in enumerate(self.itos)})

    def save(self, path):
        torch.save((self.itos, self.stoi), path)

    def load(self, path):
        self.itos, self.stoi = torch.load(path)  # finding: torch-load-saved-objects


class Vectors:
    def cache(self, words, rows, path, exists):
        if not exists:
            self.itos = list(words)
            self.stoi = {word: i for i, word in enumerate(self.itos)}
            self.vectors = torch.tensor(rows)
            torch.save((self.itos, self.stoi, self.vectors), path)
        else:
            self.itos, self.stoi, self.vectors = torch.load(path)
