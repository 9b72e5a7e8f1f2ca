# seen in: a copy of torch's pickler that checks storage types (litgpt), and an FSDP-safe weight norm
# that builds the WeightNorm class itself (vissl's DINO head), and tensors held as attributes of self
import torch
from torch import nn
from torch.nn.utils.weight_norm import WeightNorm


def storage_of(obj):
    if isinstance(obj, torch.storage.TypedStorage):
        return obj._untyped_storage
    if isinstance(obj, (torch.storage.UntypedStorage, torch.storage.TypedStorage)):
        return obj
    return None


def legacy_storage(data):
    return torch.FloatStorage.from_buffer(data, "native")  # finding: typed-storage-classes


class Head(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim, dim))
        self.plain = nn.utils.weight_norm(nn.Linear(dim, dim))  # finding: weight-norm-deprecated

    def forward(self, x):
        weight = WeightNorm(name="weight", dim=0).compute_weight(self)
        return x @ weight


def attach(module):
    WeightNorm.apply(module, "weight", 0)  # finding: weight-norm-deprecated


class GradBuffer:
    # seen in: a large-model trainer's gradient buffers, whose storages are read through attributes of self
    def __init__(self, numel):
        self.grad_data = torch.zeros(numel)

    def storage_bytes(self):
        return self.grad_data.storage().nbytes()  # finding: tensor-storage-method
