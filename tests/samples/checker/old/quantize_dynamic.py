# expect: onnx-jit-and-quantization#torchaoquantizationquantize_dynamic
import torch

quantized = torch.ao.quantization.quantize_dynamic(torch.nn.Sequential(torch.nn.Linear(4, 4)), {torch.nn.Linear})
