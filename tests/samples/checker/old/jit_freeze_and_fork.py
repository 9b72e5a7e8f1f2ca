# expect: onnx-jit-and-quantization#torchjitfreeze-and-optimize_for_inference
# expect: onnx-jit-and-quantization#torchjitfork-wait-and-interface
# expect: migrations-and-security#torchscript-apis-warn-with-futurewarning
import torch

frozen = torch.jit.freeze(torch.jit.script(torch.nn.Linear(2, 2).eval()))
future = torch.jit.fork(frozen, torch.zeros(1, 2))
result = torch.jit.wait(future)
