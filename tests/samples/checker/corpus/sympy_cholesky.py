# seen in: symbolic code next to torch code (sympy matrices have their own cholesky / QR)
import sympy
import torch

M = sympy.Matrix([[4, 2], [2, 3]])
L = M.cholesky()
R = sympy.Matrix([[1, 0], [0, 1]]).cholesky(hermitian=False)
T = torch.linalg.cholesky(torch.eye(2))
old = torch.eye(2).cholesky()  # finding: tensor-cholesky-removed


def solve(A: sympy.Matrix, B: "sympy.Matrix", C: sympy.Matrix | None, t: torch.Tensor):
    # annotated as sympy matrices: their .cholesky() is sympy's
    return A.cholesky(), B.cholesky(), C.cholesky(), t.cholesky()  # finding: tensor-cholesky-removed
