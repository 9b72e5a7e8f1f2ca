# expect: removed-and-legacy-calls#torchsymeig-eig-lstsq-solve-and-matrix_rank
# expect: removed-and-legacy-calls#torchjitquantized-modules
# expect: removed-and-legacy-calls#softmax-log_softmax-and-softmin-without-dim
# expect: removed-and-legacy-calls#grid_sample-and-affine_grid-without-align_corners
# expect: removed-and-legacy-calls#nninit-functions-without-the-trailing-underscore
# expect: removed-and-legacy-calls#kl_div-and-kldivloss-with-the-default-reduction
# expect: removed-and-legacy-calls#torchcudareset_max_memory_allocated-and-reset_max_memory_cached
import torch
import torch.nn.functional as F
from torch.jit.quantized import QuantizedLinear


def old(a, b, theta, x, w):
    vals, vecs = torch.symeig(a, eigenvectors=True)
    sol = torch.solve(b, a)
    q = QuantizedLinear(torch.nn.Linear(4, 4))
    probs = F.softmax(x)
    grid = F.affine_grid(theta, x.size())
    torch.nn.init.xavier_uniform(w)
    torch.cuda.reset_max_memory_allocated()
    kl = F.kl_div(probs.log(), probs)
    return vals, vecs, sol, q, probs, kl, F.grid_sample(x, grid)
