# A keyword whose value is a conditional expression passes either branch: dynamo=False reaches the legacy exporter
# whenever its condition holds, set directly or stored into a keyword dict. A version check picks its branch on the
# target instead, and a condition choosing between two quiet values says nothing.
import inspect

import torch


def export_auto(model, inputs, path, dynamic_axes=None):
    options = {"f": path, "dynamic_axes": dynamic_axes, "opset_version": 17}
    if "dynamo" in inspect.signature(torch.onnx.export).parameters:
        options["dynamo"] = False if dynamic_axes is not None else True
    torch.onnx.export(model, inputs, **options)  # finding: onnx-legacy-exporter


def export_flag(model, inputs, path, legacy):
    torch.onnx.export(model, inputs, path, dynamo=False if legacy else True)  # finding: onnx-legacy-exporter


def export_by_version(model, inputs, path):
    torch.onnx.export(model, inputs, path, dynamo=True if torch.__version__ >= "2.5" else False)


def export_opset(model, inputs, path, old):
    torch.onnx.export(model, inputs, path, dynamo=True, opset_version=11 if old else 17)
