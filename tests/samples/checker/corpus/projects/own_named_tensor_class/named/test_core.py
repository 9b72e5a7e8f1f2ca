import torch

from named.core import NamedTensorBase


def test_size_by_name():
    x = NamedTensorBase(torch.zeros(2, 3), ("batch", "hidden"))
    assert x.size("hidden") == 3
    rows, cols = torch.meshgrid(torch.arange(2), torch.arange(3))  # finding: meshgrid-without-indexing
    assert rows.shape == (2, 3)
