# expect: export-aot-and-custom-ops#torchonnxdynamo_export-is-removed
# expect: export-aot-and-custom-ops#the-fallback-argument-is-removed
# expect: export-aot-and-custom-ops#torchonnxexport-uses-the-torchexport-exporter-by-default
import torch

model, x = torch.nn.Linear(2, 2), torch.randn(1, 2)
with torch.onnx.enable_fake_mode():
    program = torch.onnx.dynamo_export(model, x)
torch.onnx.export(model, (x,), "model.onnx", fallback=True)
