# A torch attribute read through getattr with a name the file spells as a few strings: a conditional, a name bound
# once, a module-level table's values, or a helper returning one of them. Each is a lookup of that spelled name.
import numpy as np
import torch

_SPARSE_CLASS = {"torch.float16": "HalfTensor", "torch.float32": "FloatTensor", "torch.float64": "DoubleTensor"}


def sparse_class(dtype):
    found = _SPARSE_CLASS.get(str(dtype), None)
    if found is None:
        raise ValueError(f"no sparse class for {dtype}")
    return found


def from_edges(index, weight, size):
    return getattr(torch.sparse, sparse_class(weight.dtype))(index, weight, size)  # finding: sparse-dtype-tensor-constructor


def from_edges_half(index, weight, size, half):
    return getattr(torch.sparse, "HalfTensor" if half else "FloatTensor")(index, weight, size)  # finding: sparse-dtype-tensor-constructor


def from_edges_named(index, weight, size, double):
    kind = "DoubleTensor" if double else "FloatTensor"
    return getattr(torch.sparse, kind)(index, weight, size)  # finding: sparse-dtype-tensor-constructor


def from_edges_table(index, weight, size, key):
    return getattr(torch.sparse, _SPARSE_CLASS[key])(index, weight, size)  # finding: sparse-dtype-tensor-constructor


# look-alikes: a name the caller passes, a loop variable, another library, a guarded lookup, a dense dtype
def from_edges_passed(index, weight, size, class_name):
    return getattr(torch.sparse, class_name)(index, weight, size)


def every_class(index, weight, size):
    return [getattr(torch.sparse, name)(index, weight, size) for name in ("FloatTensor", "DoubleTensor")]


def as_numpy(values, half):
    return getattr(np, "float16" if half else "float32")(values)


def from_edges_guarded(index, weight, size, half):
    name = "HalfTensor" if half else "FloatTensor"
    if hasattr(torch.sparse, name):
        return getattr(torch.sparse, name)(index, weight, size)
    return torch.sparse_coo_tensor(index, weight, size, check_invariants=False)


def dense_dtype(half):
    return getattr(torch, "float16" if half else "float32")


make_layer = lambda name, **kwargs: getattr(torch.nn, name)(**kwargs)
