# seen in: timm onnx utils, pytorch/examples fast_neural_style, detectron2 export
import torch


def export(model, x, path, use_dynamo):
    if use_dynamo:
        options = torch.onnx.ExportOptions(dynamic_shapes=True)  # finding: onnx-export-options-removed
        return torch.onnx.dynamo_export(model, x, export_options=options)  # finding: onnx-dynamo-export-removed
    torch.onnx.export(model, (x,), path, dynamic_axes={"input": {0: "b"}})  # finding: onnx-export-dynamo-default
    torch.onnx.export(model, (x,), path, dynamo=False, dynamic_axes={"input": {0: "b"}})  # finding: onnx-legacy-exporter
    torch.onnx.export(model, (x,), path, opset_version=18, dynamo=True)
    torch.onnx._export(model, x, path)  # finding: onnx-export-options-removed
    return torch.jit.trace(model, (x,))  # finding: torchscript-warns


def export_rnn(model, dummy_input, hidden, path):
    # seen in: pytorch/examples word_language_model, detectron2 deploy (written for the TorchScript exporter)
    # Writing the file through f without dynamo= or any new-exporter option is the TorchScript way; on
    # 2.9+ the same call needs onnxscript and captures with torch.export (issue 26 counts it). Current
    # code passes dynamo=, dynamic_shapes=, or uses the returned ONNXProgram (the references' snippets).
    torch.onnx.export(model, (dummy_input, hidden), path)  # finding: onnx-export-default-exporter
    return torch.onnx.export(model, (dummy_input, hidden), dynamic_shapes=({0: "b"}, None))
