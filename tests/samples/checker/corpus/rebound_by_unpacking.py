# A name rebound by tuple unpacking, a loop, `with ... as` or a walrus holds something new: what it held before
# (a 1-D tensor, a set of parameters) says nothing of it. meshgrid(a, b, indexing="ij") of two 1-D tensors
# returns 2-D grids, and .T on a 2-D tensor is the plain transpose.
import contextlib

import torch


def pixel_grid(width, height):
    xs = torch.arange(width, dtype=torch.float32)
    ys = torch.arange(height, dtype=torch.float32)
    xs, ys = torch.meshgrid(xs, ys, indexing="ij")
    return xs.T, ys.T


def first_rows(batch):
    row = torch.arange(4)
    for row in batch:
        pass
    [*head], row2 = batch
    row2 = torch.zeros(3)
    return row.T, row2.T  # finding: tensor-t-not-2d


def grids(n):
    grid = torch.linspace(0, 1, n)
    with contextlib.nullcontext(torch.zeros(n, n)) as grid:
        square = grid.T
    step = torch.arange(n)
    if (step := step.view(n // 2, 2)) is not None:
        step = step.T
    if (step := step.double()) is not None:
        return square, step.T


def optimizer(encoder, decoder):
    params = set(encoder.parameters()) | set(decoder.parameters())
    params = sorted(params, key=id)
    first = torch.optim.SGD(params, lr=0.1)
    kept = set(encoder.parameters())
    kept, extra = list(kept), None
    return first, torch.optim.SGD(kept, lr=0.1), extra
