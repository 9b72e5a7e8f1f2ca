# seen in: a recommendation model's training script that exports with the TorchScript exporter kept on
# purpose (dlrm's --save-onnx path); the default exporter, or dynamo=True, does not warn
import torch


def save_onnx(model, inputs, path, axes):
    torch.onnx.export(model, inputs, path, opset_version=11, dynamic_axes=axes, dynamo=False)  # finding: onnx-legacy-exporter


def save_new(model, inputs, path):
    torch.onnx.export(model, inputs, path, dynamo=True)


def save_default(model, inputs):
    return torch.onnx.export(model, inputs)
