import torch
import torch.linalg as LA

A = torch.eye(3)
L = torch.linalg.cholesky(A)
U = LA.cholesky(A).mH
Q, R = torch.linalg.qr(A, mode="reduced")

import numpy as np
import scipy.linalg
from scipy import linalg as sla

N = np.linalg.qr(np.eye(3))
C = scipy.linalg.cholesky(np.eye(3))
D = sla.qr(np.eye(3))
