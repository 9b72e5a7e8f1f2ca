# seen in: mmagic's coordinate grids, which pass indexing= to torch.meshgrid only when the function's
# __code__.co_varnames lists it ("indexing" is there on 2.15): the old call in the else branch never runs
import inspect

import torch


def make_coord(seqs):
    if 'indexing' in torch.meshgrid.__code__.co_varnames:
        coord = torch.meshgrid(*seqs, indexing='ij')
    else:
        coord = torch.meshgrid(*seqs)
    return torch.stack(coord, dim=-1)


def make_grid(h, w):
    if "indexing" not in torch.meshgrid.__code__.co_varnames:
        return torch.meshgrid(torch.arange(h), torch.arange(w))
    return torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")


def make_keys(h, w):
    if "indexing" in inspect.signature(torch.meshgrid).parameters.keys():
        return torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
    return torch.meshgrid(torch.arange(h), torch.arange(w))


def unrelated(fn, h, w):
    if "indexing" in fn.__code__.co_varnames:
        return fn(h, w)
    return torch.meshgrid(torch.arange(h), torch.arange(w))  # finding: meshgrid-without-indexing
