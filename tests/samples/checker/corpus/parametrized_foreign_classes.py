# seen in: TorchRL's spec tests, parametrized with spec classes imported from torchrl and indexed with nested
# lists: spec_class(...) builds a TensorSpec, whose own __getitem__ reads the index in Python (no tensor
# is indexed, nothing warns); a parametrize list holding anything else leaves the receiver unknown
import pytest
import torch
from torch import nn
from torchrl.data.tensor_specs import Binary, Composite, OneHot, make_spec


@pytest.mark.parametrize("spec_class", [Binary, OneHot, Composite])
def test_indexing(spec_class):
    spec = spec_class(shape=[5, 3])
    assert spec[[[0, 1]]].shape == torch.Size([1, 2, 3])


@pytest.mark.parametrize("device,spec_class", [("cpu", Binary), pytest.param("cpu", OneHot, marks=())])
def test_two_columns(device, spec_class):
    spec = spec_class(shape=[5, 3], device=device)
    assert spec[[[0], [1]]].shape == torch.Size([1, 1, 3])


def test_loop():
    for spec_class in (Binary, OneHot):
        spec = spec_class(shape=[5, 3])
        assert spec[[[0, 1], [0, 1]]].shape == torch.Size([2, 2, 3])


@pytest.mark.parametrize("make", [make_spec, torch.zeros])
def test_factories(make):
    x = make(5, 3)
    assert x[[[0, 1]]].shape == (1, 2, 3)  # finding: non-tuple-sequence-index


@pytest.mark.parametrize("layer", [nn.Linear, Binary])
def test_torch_class(layer):
    x = layer(5, 3).weight
    y = layer(5, 3)
    return x[[[0, 1]]], y[[[0, 1]]]  # finding: non-tuple-sequence-index
