import torch
from torch import nn

from vocab import Vocab


class Tagger(nn.Module):
    def __init__(self, sent_vocab, tag_vocab, hidden_size=32):
        super().__init__()
        self.sent_vocab = sent_vocab
        self.tag_vocab = tag_vocab
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(len(sent_vocab), hidden_size)
        self.out = nn.Linear(hidden_size, len(tag_vocab))

    def forward(self, words):
        return self.out(self.embedding(words))

    def save(self, path):
        torch.save({"sent_vocab": self.sent_vocab, "tag_vocab": self.tag_vocab,
                    "args": {"hidden_size": self.hidden_size}, "state_dict": self.state_dict()}, path)

    @staticmethod
    def load(path):
        params = torch.load(path, map_location="cpu")  # finding: torch-load-saved-objects
        model = Tagger(params["sent_vocab"], params["tag_vocab"], **params["args"])
        model.load_state_dict(params["state_dict"])
        return model


def build(words_path, tags_path):
    return Tagger(Vocab.load(words_path), Vocab.load(tags_path))
