# export calls spreading the dicts of tools/export_options.py, read through the module and by name
import io

import torch

from tools import export_options
from tools.export_options import FLAGGED_EXPORT, TWICE


def export_through_module(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), opset_version=17, **export_options.LEGACY_EXPORT)  # finding: onnx-legacy-exporter


def export_by_name(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), **FLAGGED_EXPORT)  # finding: onnx-legacy-exporter


def export_default(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), **export_options.OLD_BUILDS_ONLY)  # finding: onnx-export-default-exporter


def export_unknown(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), **export_options.FILLED_LATER)
    torch.onnx.export(model, inputs, io.BytesIO(), **TWICE)


def export_own(model, inputs, FLAGGED_EXPORT=None):
    torch.onnx.export(model, inputs, io.BytesIO(), dynamo=True, **FLAGGED_EXPORT)
