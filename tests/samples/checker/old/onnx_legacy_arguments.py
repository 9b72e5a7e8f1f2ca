# expect: onnx-jit-and-quantization#legacy-torchonnxexport-arguments
# expect: export-aot-and-custom-ops#torchonnxexport-uses-the-torchexport-exporter-by-default
# expect: onnx-jit-and-quantization#torchonnxexportoptions-and-torchonnx_export
import torch

model = torch.nn.Linear(2, 2).eval()
torch.onnx.export(model, (torch.zeros(1, 2),), "m.onnx", enable_onnx_checker=False)
torch.onnx.export(model, (torch.zeros(1, 2),), "m.onnx", dynamic_axes={"input": {0: "batch"}})
options = torch.onnx.ExportOptions(dynamic_shapes=True)
