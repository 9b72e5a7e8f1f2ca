# seen in: export helpers that choose the exporter's keyword arguments once at module level (by version or by a
# signature probe) and spread them in each export function; a function's own binding of the name shadows it, and a
# dict another function fills holds what that function put there
import inspect
import io

import torch

LEGACY_KWARGS = {"dynamo": False} if "dynamo" in inspect.signature(torch.onnx.export).parameters else {}
NEW_KWARGS = {"dynamo": False} if torch.__version__ < "2.5" else {"dynamo": True}


def export_legacy(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), opset_version=17, **LEGACY_KWARGS)  # finding: onnx-legacy-exporter


def export_new(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), **NEW_KWARGS)


def export_shadowed(model, inputs, LEGACY_KWARGS):
    torch.onnx.export(model, inputs, io.BytesIO(), **LEGACY_KWARGS)


def export_rebound(model, inputs, options):
    LEGACY_KWARGS = dict(options)
    torch.onnx.export(model, inputs, io.BytesIO(), **LEGACY_KWARGS)


def export_nested(model, inputs, LEGACY_KWARGS):
    def run():
        torch.onnx.export(model, inputs, io.BytesIO(), **LEGACY_KWARGS)
    run()


EXPORT_OPTIONS = {"dynamo": False}


def configure(dynamic):
    EXPORT_OPTIONS["dynamo"] = dynamic


def export_configured(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), **EXPORT_OPTIONS)
