# a script outside the package, importing neither library: a plain tensor
import torch

L = torch.eye(3).cholesky()  # finding: tensor-cholesky-removed
