# expect: migrations-and-security#torchscript-apis-warn-with-futurewarning
# expect: still-warns-on-2.15#torchtriangular_solve-frobenius_norm-and-nuclear_norm
# expect: data-nn-and-optim#torchnnutilsstatelessfunctional_call
# expect: data-nn-and-optim#torchlu-and-torchlinalglu_factor
# expect: data-nn-and-optim#chain_matmul-and-torchrange-still-warn
# expect: migrations-and-security#torchcudaamp-and-torchcpuamp-are-deprecated
import torch
from torch.nn.utils import stateless

A, B = torch.randn(3, 3).triu() + 3 * torch.eye(3), torch.randn(3, 1)
X = torch.triangular_solve(B, A).solution
norm = torch.nuclear_norm(A)
LU, piv = torch.linalg.lu_factor(A)
Y = torch.lu_solve(B, LU, piv)
P = torch.chain_matmul(A, A, A)
out = stateless.functional_call(torch.nn.Linear(3, 1), {}, (A,))
torch.jit.set_fusion_strategy([("DYNAMIC", 10)])
scaler = torch.cpu.amp.GradScaler()
