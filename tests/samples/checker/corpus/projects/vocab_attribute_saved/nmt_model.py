# seen in: NMT course assignments (and the basic NMT code they derive from), whose model keeps the vocabulary it is
# handed (self.vocab = vocab, a vocab.Vocab) and saves it beside the args and the state dict; this module never
# imports the class, the training script does
import torch
import torch.nn as nn


class NMT(nn.Module):
    def __init__(self, embed_size, hidden_size, vocab, names):
        super().__init__()
        self.vocab = vocab
        self.names = names
        self.embed_size, self.hidden_size = embed_size, hidden_size
        self.encoder = nn.LSTM(embed_size, hidden_size)

    @staticmethod
    def load(model_path):
        params = torch.load(model_path, map_location=lambda storage, loc: storage)  # finding: torch-load-saved-objects
        model = NMT(vocab=params["vocab"], names=None, **params["args"])
        model.load_state_dict(params["state_dict"])
        return model

    def save(self, path):
        params = {"args": dict(embed_size=self.embed_size, hidden_size=self.hidden_size), "vocab": self.vocab,
                  "state_dict": self.state_dict()}
        torch.save(params, path)

    @staticmethod
    def load_names(path):
        return torch.load(path + ".names")

    def save_names(self, path):
        torch.save({"names": self.names}, path + ".names")  # no class of the project is called Names
