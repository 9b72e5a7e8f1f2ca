# seen in: export helpers and tests that pass do_constant_folding=True beside names and opset: the default,
# which the torch.export-based exporter always does (2.15 documents it deprecated and its dynamo path drops it silently),
# so the call is a plain one, not one passing options only the TorchScript exporter honours; so is dynamic_axes=None
# (the default: the exporter tests `is not None`; seen in CRNN-Text-Recognition's export script)
import torch


def export_plain(model, example, path):
    torch.onnx.export(model, (example,), path, input_names=["x"], output_names=["y"],  # finding: onnx-export-default-exporter
                      opset_version=17, do_constant_folding=True)


def export_with_params(model, example, path):
    torch.onnx.export(model, example, path, export_params=True, do_constant_folding=1)  # finding: onnx-export-default-exporter


def export_without_folding(model, example, path):
    torch.onnx.export(model, example, path, do_constant_folding=False)  # finding: onnx-export-dynamo-default


def export_folding_flag(model, example, path, fold):
    torch.onnx.export(model, example, path, do_constant_folding=fold)  # finding: onnx-export-dynamo-default


def export_dynamic(model, example, path):
    torch.onnx.export(model, example, path, do_constant_folding=True,  # finding: onnx-export-dynamo-default
                      dynamic_axes={"x": {0: "batch"}})


def export_no_dynamic_axes(model, example, path):
    torch.onnx.export(model, example, path, verbose=False, do_constant_folding=True,  # finding: onnx-export-default-exporter
                      input_names=["images"], output_names=["output0"], dynamic_axes=None)


def export_chosen(model, example, path):
    torch.onnx.export(model, example, path, do_constant_folding=True, dynamo=True)
    return torch.onnx.export(model, (example,), do_constant_folding=True)
