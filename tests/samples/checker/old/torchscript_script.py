# expect: migrations-and-security#torchscript-apis-warn-with-futurewarning
import torch
from torch import jit


@torch.jit.script
def scale(x: torch.Tensor) -> torch.Tensor:
    return x * 2


scripted = jit.script(torch.nn.Linear(2, 2))
