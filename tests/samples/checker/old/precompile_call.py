# expect: compiler-and-attention#torchcompilerprecompile-became-a-module-with-capture-and-load
import torch

python_code, cache = torch.compiler.precompile(lambda x: x + 1, torch.randn(2), backend="eager")
