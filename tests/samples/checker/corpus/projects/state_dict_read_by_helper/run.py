# seen in: round 57's dl4mt-nonauto (run.py): `encoder = torch.load(...)` handed to utils.init_encoder, which reads it
# with .items() and load_state_dict; a model-named load handed to a helper that runs it is still a pickled module.
import torch

from utils import init_encoder, test


def load_pretrained(model, path):
    encoder = torch.load(path + ".pt", map_location=lambda storage, loc: storage)
    init_encoder(model, encoder)
    return model


def evaluate(path, loader):
    model = torch.load(path)  # finding: torch-load-pickled-object
    return test(model, loader)
