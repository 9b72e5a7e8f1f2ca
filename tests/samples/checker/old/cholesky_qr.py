# expect: migrations-and-security#torchcholesky-and-tensorcholesky-raise
# expect: migrations-and-security#torchqr-and-tensorqr-raise
import torch

A = torch.eye(3)
L = torch.cholesky(A)
Q, R = torch.qr(A)
U = A.cholesky(upper=True)
