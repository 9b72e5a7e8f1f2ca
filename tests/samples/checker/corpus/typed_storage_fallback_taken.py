# seen in: a deployment package's storage pickler, written for torch before and after 1.13: the try reads
# torch.storage._TypedStorage, gone since 1.13, so on 2.15 the except branch runs and binds the deprecated
# TypedStorage, which the loader then constructs without _internal=True ("TypedStorage is deprecated"). A try
# whose body works on 2.15 keeps its handler an old release's fallback.
import torch

try:
    STORAGE_TYPE = torch.storage._TypedStorage
except:
    STORAGE_TYPE = torch.storage.TypedStorage  # finding: typed-storage-classes

try:
    RAW_STORAGE = torch.UntypedStorage
except AttributeError:
    RAW_STORAGE = torch.ByteStorage


def load_storage(untyped, dtype):
    return STORAGE_TYPE(wrap_storage=untyped, dtype=dtype)


def raw(nbytes):
    return RAW_STORAGE(nbytes)
