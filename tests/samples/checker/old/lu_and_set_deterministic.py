# expect: data-nn-and-optim#torchlu-and-torchlinalglu_factor
# expect: data-nn-and-optim#torchset_deterministic
import torch

torch.set_deterministic(True)
LU, pivots = torch.lu(torch.randn(3, 3))
