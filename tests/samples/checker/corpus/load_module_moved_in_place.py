# model.cpu() as a statement, its result dropped, moves a module in place; on a tensor it would return a new tensor
# and change nothing (a dict has no .cpu()): the load is a whole pickled module, refused by weights_only=True.
import torch


def load_to_cpu(path):
    model = torch.load(path, map_location=lambda storage, loc: storage)  # finding: torch-load-pickled-object
    model.cpu()
    return model


def load_features(path):
    feats = torch.load(path)
    feats = feats.cpu()
    return feats


def load_weights(path, net):
    weights = torch.load(path)
    net.cuda()
    net.load_state_dict(weights)
    return net
