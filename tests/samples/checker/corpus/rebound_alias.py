# seen in: a trainer that imports torch.cuda.amp and later rebinds the name to its own wrapper
import torch
from torch.cuda import amp


class MixedPrecision:
    def autocast(self):
        return torch.autocast("cuda")


amp = MixedPrecision()
with amp.autocast():
    pass
