# seen in: gpytorch mlls/leave_one_out_pseudo_likelihood.py (inside the gpytorch package: relative imports only)
import torch

from ..distributions import MultivariateNormal


def loo(output: MultivariateNormal, target: torch.Tensor):
    L = output.lazy_covariance_matrix.cholesky(upper=False)
    return L
