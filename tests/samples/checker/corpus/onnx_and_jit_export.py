# seen in: timm onnx utils, pytorch/examples fast_neural_style, detectron2 export
import torch


def export(model, x, path, use_dynamo):
    if use_dynamo:
        options = torch.onnx.ExportOptions(dynamic_shapes=True)  # finding: onnx-export-options-removed
        return torch.onnx.dynamo_export(model, x, export_options=options)  # finding: onnx-dynamo-export-removed
    torch.onnx.export(model, (x,), path, dynamic_axes={"input": {0: "b"}})  # finding: onnx-export-dynamo-default
    torch.onnx.export(model, (x,), path, dynamo=False, dynamic_axes={"input": {0: "b"}})
    torch.onnx.export(model, (x,), path, opset_version=18, dynamo=True)
    torch.onnx._export(model, x, path)  # finding: onnx-export-options-removed
    return torch.jit.trace(model, (x,))  # finding: torchscript-warns


def export_rnn(model, dummy_input, hidden, path):
    # seen in: pytorch/examples word_language_model, detectron2 deploy (written for the TorchScript exporter)
    # The call alone cannot tell old code from current code (the references' own snippets call it
    # the same way), so only TorchScript-exporter options are taken as evidence: no finding.
    torch.onnx.export(model, (dummy_input, hidden), path)
