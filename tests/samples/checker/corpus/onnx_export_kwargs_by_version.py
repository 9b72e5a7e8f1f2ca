# seen in: model tests that keep the TorchScript exporter where torch has the dynamo flag, choosing the keyword
# arguments by version (true on the target) and unpacking them into the export call; where the version check
# picks the empty dict, the call takes the default exporter
import io

import torch


def export_legacy(model, inputs):
    export_kwargs = {"dynamo": False} if torch.__version__ >= "2.9" else {}
    torch.onnx.export(model, inputs, io.BytesIO(), opset_version=17, **export_kwargs)  # finding: onnx-legacy-exporter


def export_inline(model, inputs):
    torch.onnx.export(model, inputs, io.BytesIO(), **({"dynamo": False} if torch.__version__ >= "2.9" else {}))  # finding: onnx-legacy-exporter


def export_on_old_builds_only(model, inputs):
    export_kwargs = {} if torch.__version__ >= "2.9" else {"dynamo": False}
    torch.onnx.export(model, inputs, io.BytesIO(), **export_kwargs)  # finding: onnx-export-default-exporter


def export_by_flag(model, inputs, legacy):
    export_kwargs = {"dynamo": False} if legacy else {}
    torch.onnx.export(model, inputs, io.BytesIO(), **export_kwargs)
