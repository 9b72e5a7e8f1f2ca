# seen in: snap-stanford/ogb ogb/linkproppred/dataset.py (a processed graph cached with
# torch.save(graph, path, pickle_protocol=4) and loaded back from the same path). A pickle of protocol 4 or
# later starts with a FRAME opcode: weights_only=True refuses it whatever it holds, on torch 2.15
# "UnpicklingError ... Unsupported operand 149" (a dict of tensors too).
import os
import pickle

import torch


def processed_graph(path, build):
    if os.path.exists(path):
        graph = torch.load(path)  # finding: torch-load-saved-objects
    else:
        graph = build()
        torch.save(graph, path, pickle_protocol=4)
    return graph


def cached_features(path, compute):
    if os.path.exists(path):
        return torch.load(path, map_location="cpu")  # finding: torch-load-saved-objects
    feats = {"x": compute()}
    torch.save(feats, path, pickle_protocol=pickle.HIGHEST_PROTOCOL)
    return feats


def cached_with_module(path, compute):
    if os.path.exists(path):
        return torch.load(path)  # finding: torch-load-saved-objects
    feats = {"x": compute()}
    torch.save(feats, path, pickle, pickle.DEFAULT_PROTOCOL)
    return feats


# clean look-alikes: protocol 2 (torch.save's default, torch.serialization.DEFAULT_PROTOCOL) loads as is
def cached_default_protocol(path, compute):
    if os.path.exists(path):
        return torch.load(path)
    feats = {"x": compute()}
    torch.save(feats, path, pickle_protocol=torch.serialization.DEFAULT_PROTOCOL)
    return feats


def cached_protocol_two(path, compute):
    if os.path.exists(path):
        return torch.load(path)
    feats = {"x": compute()}
    torch.save(feats, path, pickle_protocol=2)
    return feats
