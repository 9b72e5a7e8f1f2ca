# seen in: stanford-futuredata/ColBERT baleen/condenser/condense.py (the .dnn checkpoint dict is read under the name
# `model`, then `model` is rebound to the model its 'arguments' entry names; the later model.eval() is that one's)
import torch


class Reader(torch.nn.Module):
    @classmethod
    def from_pretrained(cls, name):
        return cls()


def load_reader(path, device):
    model = torch.load(path, map_location="cpu")  # a dict: model/optimizer state dicts and primitive arguments
    assert model["arguments"]["model"] in ("base", "large")
    model = Reader.from_pretrained(model["arguments"]["model"])
    model = model.to(device)
    model.eval()
    return model


def load_wrapped(path):
    model = torch.load(path)  # finding: torch-load-pickled-object
    model = torch.nn.DataParallel(model)  # the loaded module, wrapped
    model.eval()
