# seen in: detection and NLP training code written for torch 1.x (dataset splitting through torch._utils,
# collate functions on torch._six), and eager post-training quantization scripts (prepare / calibrate / convert)
import collections.abc
import math

import torch
import torch.nn as nn
from packaging import version
from torch._six import string_classes  # finding: torch-name-gone
from torch._utils import _accumulate  # finding: torch-name-gone
from torch._utils import _flatten_dense_tensors
from torch.ao.quantization import DeQuantStub, QuantStub, fuse_modules, get_default_qconfig
from torch.ao.quantization import prepare  # finding: quantize-dynamic-deprecated
from torch.ao.quantization.quantize import propagate_qconfig_
from torch.ao.quantization.quantize_fx import fuse_fx
import torch.quantization.quantize_fx as qfx

try:
    from torch._six import inf
except ImportError:
    inf = math.inf

try:  # a bare except around imports alone is their fallback too
    from torch._six import nan
except:
    from torch import nan

if version.parse(torch.__version__) < version.parse("1.9"):
    from torch._six import container_abcs
else:
    container_abcs = collections.abc


def split_offsets(lengths):
    return list(_accumulate(lengths))  # reported at the import


def running_total(lengths):
    return list(torch._utils._accumulate(lengths))  # finding: torch-name-gone


def flat(tensors):
    return _flatten_dense_tensors(tensors)


def collate(batch):
    if isinstance(batch[0], string_classes):
        return batch
    if isinstance(batch[0], container_abcs.Mapping):
        return {key: collate([b[key] for b in batch]) for key in batch[0]}
    return torch.stack(batch)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant, self.dequant = QuantStub(), DeQuantStub()
        self.conv, self.relu = nn.Conv2d(3, 3, 1), nn.ReLU()

    def forward(self, x):
        return self.dequant(self.relu(self.conv(self.quant(x))))


def quantize_static(model, calibrate):
    model = fuse_modules(model.eval(), [["conv", "relu"]])
    model.qconfig = get_default_qconfig("x86")
    propagate_qconfig_(model)
    prepared = prepare(model)
    calibrate(prepared)
    return torch.ao.quantization.convert(prepared)  # finding: quantize-dynamic-deprecated


def quantize_in_one_call(model, calibrate, data):
    return torch.quantization.quantize(model, calibrate, [data])  # finding: eager-quantize-deprecated


def quantize_fx(model, mapping, example):
    model = fuse_fx(model)
    return qfx.prepare_fx(model, mapping, example)  # finding: quantize-fx-deprecated
