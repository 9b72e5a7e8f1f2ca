# seen in: training and export scripts whose outdated calls hide behind a subscripted base class,
# **kwargs built as a dict, a set union of parameters, and dynamo's private names
from typing import Iterator

import torch
import torch._dynamo
from torch.utils.data import Sampler


class ChunkSampler(Sampler[int]):
    def __init__(self, data_source, chunk: int):
        super().__init__(data_source)  # finding: sampler-data-source
        self.data_source, self.chunk = data_source, chunk

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.data_source)))


class KeptSampler(Sampler[int]):
    def __init__(self, data_source):
        super().__init__()
        self.data_source = data_source


def export(model, example, path, opset=17):
    export_kwargs = dict(opset_version=opset, input_names=["x"])
    export_kwargs["dynamic_axes"] = {"x": {0: "batch"}}
    torch.onnx.export(model, (example,), path, **export_kwargs)  # finding: onnx-export-dynamo-default
    legacy = {"enable_onnx_checker": False, "opset_version": opset}
    torch.onnx.export(model, (example,), path, dynamo=False, **legacy)  # finding: onnx-legacy-arguments
    current = {"opset_version": opset, "dynamo": True}
    torch.onnx.export(model, (example,), path, **current)


def export_unknown(model, example, path, **kwargs):
    torch.onnx.export(model, (example,), path, **kwargs)  # what it passes is unknown: nothing is said


def optimizers(encoder, decoder):
    params = set(encoder.parameters()) | set(decoder.parameters())
    first = torch.optim.Adam(params, lr=1e-3)  # finding: optimizer-params-set
    second = torch.optim.SGD(set(encoder.parameters()).union(decoder.parameters()), lr=0.1)  # finding: optimizer-params-set
    ordered = list(encoder.parameters()) + list(decoder.parameters())
    third = torch.optim.AdamW(ordered)
    return first, second, third


def forward(x):
    if torch._dynamo.is_compiling():  # finding: private-dynamo-is-compiling
        return x
    torch._dynamo.reset()  # finding: private-dynamo-reset
    return x + 1 if torch.compiler.is_compiling() else x
