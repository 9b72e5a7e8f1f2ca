# seen in: PyG's safe_onnx_export workarounds (kwargs_no_dynamo = kwargs.copy(); kwargs_no_dynamo['dynamo'] = False;
# torch.onnx.export(..., **kwargs_no_dynamo)): the key set by subscript is known though the copied dict is not; a
# copy with unknown keys says nothing about a missing dynamo=, and a key set again wins
import torch


def safe_export(model, args, f, **kwargs):
    if kwargs.get("dynamo", False):
        kwargs_no_dynamo = kwargs.copy()
        kwargs_no_dynamo["dynamo"] = False
        torch.onnx.export(model, args, f, **kwargs_no_dynamo)  # finding: onnx-legacy-exporter
    kwargs_opset = kwargs.copy()
    kwargs_opset["opset_version"] = 13
    torch.onnx.export(model, args, f, **kwargs_opset)
    legacy = dict(kwargs)
    legacy["dynamo"] = False
    legacy["opset_version"] = 11
    torch.onnx.export(model, args, f, **legacy)  # finding: onnx-legacy-exporter
    flipped = dict(dynamo=False, opset_version=17)
    flipped["dynamo"] = True
    torch.onnx.export(model, args, **flipped)
    options = dict(dynamo=False, opset_version=17)
    torch.onnx.export(model, args, f, **options)  # finding: onnx-legacy-exporter
