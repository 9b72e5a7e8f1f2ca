# expect: migrations-and-security#onnx-export-uses-the-dynamo-path
import torch

model, x = torch.nn.Linear(2, 2), torch.randn(1, 2)
program = torch.onnx.dynamo_export(model, x)
torch.onnx.export(model, (x,), "model.onnx", fallback=True)
