import sys

import torch

# only the entries every checkpoint has: a file saved without an optimizer holds no class
checkpoint = torch.load(sys.argv[1])
print(checkpoint["epoch"], list(checkpoint["state_dict"]))
