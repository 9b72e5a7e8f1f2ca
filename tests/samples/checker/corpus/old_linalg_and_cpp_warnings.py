# seen in: a judged tree's triangular solve through torch.triangular_solve (a C++ TORCH_WARN_ONCE that a
# scan of torch's Python sources misses); the other calls are what the same survey of the 2.15 build's
# shared libraries and sources found warning on every or the first call. scipy's lu/lu_solve and the
# current torch.linalg spellings stay quiet.
import numpy as np
import scipy.linalg
import torch
from torch import triangular_solve
from torch.nn.utils.stateless import functional_call


def solve_upper(A, B):
    X = torch.triangular_solve(B, A).solution  # finding: triangular-solve-deprecated
    Y, _ = triangular_solve(B, A, upper=False)  # finding: triangular-solve-deprecated
    Z = B.triangular_solve(A)[0]  # finding: tensor-triangular-solve-deprecated
    return X, Y, Z, torch.linalg.solve_triangular(A, B, upper=True)


def lu_path(A, B):
    LU, piv = A.lu()  # finding: tensor-lu-deprecated
    X = torch.lu_solve(B, LU, piv)  # finding: lu-solve-deprecated
    Y = B.lu_solve(LU, piv)  # finding: tensor-lu-deprecated
    LU2, piv2 = torch.linalg.lu_factor(A)
    return X, Y, torch.linalg.lu_solve(LU2, piv2, B)


def norms(A, mats):
    fro = torch.frobenius_norm(A, dim=(-2, -1))  # finding: frobenius-nuclear-norm-deprecated
    nuc = torch.nuclear_norm(A)  # finding: frobenius-nuclear-norm-deprecated
    prod = torch.chain_matmul(*mats)  # finding: chain-matmul-deprecated
    return fro, nuc, prod, torch.linalg.matrix_norm(A, "fro"), torch.linalg.multi_dot(mats)


def numpy_side(a):
    p, l, u = scipy.linalg.lu(a)
    lu, piv = scipy.linalg.lu_factor(a)
    return scipy.linalg.lu_solve((lu, piv), np.ones(len(a)))


def misc(model, params, x):
    out = functional_call(model, params, (x,))  # finding: stateless-functional-call
    scaler = torch.cpu.amp.GradScaler()  # finding: cpu-amp-grad-scaler
    torch.jit.set_fusion_strategy([("STATIC", 2)])  # finding: jit-set-fusion-strategy
    return out, scaler, torch.func.functional_call(model, params, (x,)), torch.amp.GradScaler("cpu")
