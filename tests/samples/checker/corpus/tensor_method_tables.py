# seen in: JIT front ends that list every Tensor method at import (named-tensor entries, apply's function)
import torch
from pathlib import Path

WRAPPED = [
    torch.Tensor.add,
    torch.Tensor.align_as,  # finding: named-tensors-tensor-attributes
    torch.Tensor.align_to,  # finding: named-tensors-tensor-attributes
    torch.Tensor.has_names,  # finding: named-tensors-tensor-attributes
    torch.Tensor.refine_names,  # finding: named-tensors-tensor-attributes
    torch.Tensor.rename,  # finding: named-tensors-tensor-attributes
    torch.Tensor.renorm,
    torch.Tensor.unflatten,
]
APPLY_KEY = torch.autograd.function.Function.apply.__func__  # finding: autograd-function-apply-func
APPLY = torch.autograd.Function.apply
NAMES = {"rename": "renamed", "align_as": "aligned"}


def move(src: Path, dst: Path) -> None:
    src.rename(dst)


def describe(fn) -> str:
    return getattr(fn, "__func__", fn).__name__
