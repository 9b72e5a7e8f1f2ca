# expect: data-nn-and-optim#torchnnutilsweight_norm
# expect: data-nn-and-optim#torchtestingassert_allclose
import torch
from torch.nn.utils import weight_norm

layer = weight_norm(torch.nn.Linear(4, 4))
torch.testing.assert_allclose(layer(torch.ones(1, 4)), layer(torch.ones(1, 4)))
