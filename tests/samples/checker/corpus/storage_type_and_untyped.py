# seen in: serialization helpers that branch on x.storage_type() (legacy torch.FloatStorage classes) and
# shared-memory code calling x.storage().untyped(); untyped_storage() and an UntypedStorage's own untyped() are quiet
import torch


def storage_kind(x):
    return x.storage_type()  # finding: tensor-storage-method


def raw_bytes(x):
    return x.storage().untyped()  # finding: tensor-storage-method


def raw_bytes_current(x):
    storage = x.untyped_storage()
    return storage.untyped(), x.dtype
