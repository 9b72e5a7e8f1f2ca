# expect: migrations-and-security#torchscript-apis-warn-with-futurewarning
import torch
import torch.jit as tj

model = torch.nn.Linear(4, 4)
traced = tj.trace(model, torch.randn(1, 4))
tj.save(traced, "model.ts")
