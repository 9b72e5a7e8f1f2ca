# seen in: xformers attention patterns (n-d grids), its typing-stub tests
import torch
from torch.utils.checkpoint import checkpoint


def nd_grid(*sizes):
    coords = [torch.arange(s) for s in sizes]
    return torch.meshgrid(*coords)  # finding: meshgrid-without-indexing


def nd_grid_ij(*sizes):
    coords = [torch.arange(s) for s in sizes]
    return torch.meshgrid(*coords, indexing="ij")


def nd_grid_from_options(coords, options):
    return torch.meshgrid(*coords, **options)


def run_blocks(block, *inputs):
    return checkpoint(block, *inputs)  # finding: checkpoint-without-use-reentrant


def run_blocks_plainly(block, *inputs):
    return checkpoint(block, *inputs, use_reentrant=False)


def cross_product(*pair):
    return torch.cross(*pair)
