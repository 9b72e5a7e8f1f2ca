# seen in: differentiable QP solvers and denoising models written for torch 0.3/0.4 that factorise with torch.potrf and
# torch.btrifact; 1.0 still exported both from torch.functional through torch's star-import, 1.4 had neither
import torch


def factor(Q, b):
    U = torch.potrf(Q)  # finding: torch-name-gone
    LU, pivots = torch.btrifact(Q.unsqueeze(0))  # finding: torch-name-gone
    return torch.cholesky_solve(b, U), torch.split(b, 1)
