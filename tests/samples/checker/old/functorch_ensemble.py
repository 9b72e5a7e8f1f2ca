# expect: data-nn-and-optim#functorch-transforms-and-make_functional
import torch
from functorch import combine_state_for_ensemble, vmap

models = [torch.nn.Linear(3, 2) for _ in range(4)]
fmodel, params, buffers = combine_state_for_ensemble(models)
out = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, torch.randn(5, 3))
