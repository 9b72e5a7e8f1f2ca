import torch

A, B = torch.randn(3, 3).triu() + 3 * torch.eye(3), torch.randn(3, 1)
X = torch.linalg.solve_triangular(A, B, upper=True)
norm = torch.linalg.matrix_norm(A, "nuc")
LU, piv = torch.linalg.lu_factor(A)
Y = torch.linalg.lu_solve(LU, piv, B)
P = torch.linalg.multi_dot([A, A, A])
out = torch.func.functional_call(torch.nn.Linear(3, 1), {}, (A,))
scaler = torch.amp.GradScaler("cpu")
f = torch.compile(lambda t: t * 2, dynamic=True)
