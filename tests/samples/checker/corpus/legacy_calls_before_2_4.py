# seen in: pre-1.0 vision, RL and spectral-method code (pytorch3d-style symeig, spatial transformers,
# attention heads, old initialisers, a memory profiler helper, TorchScript dynamic quantization)
import numpy as np
import torch
import torch.jit.quantized
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import init


def spectrum(cov, b):
    evals, evecs = torch.symeig(cov, eigenvectors=True)  # finding: symeig-removed
    e, _ = torch.eig(cov)  # finding: eig-removed
    x = torch.solve(b, cov)[0]  # finding: solve-removed
    sol = torch.lstsq(b, cov).solution  # finding: lstsq-removed
    rank = torch.matrix_rank(cov)  # finding: matrix-rank-removed
    w, v = cov.symeig(eigenvectors=True)  # finding: tensor-symeig-removed
    u = cov.eig()  # finding: tensor-eig-removed
    n = np.linalg.eig(cov.numpy())
    good = torch.linalg.eigh(cov), torch.linalg.solve(cov, b), torch.linalg.matrix_rank(cov)
    return evals, e, x, sol, rank, w, u, n, good


def quantize(model):
    return torch.jit.quantized.quantize_linear_modules(model)  # finding: jit-quantized-removed


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = nn.Softmax()  # finding: softmax-module-without-dim
        self.ok = nn.Softmax(dim=1)
        self.ok2 = nn.LogSoftmax(1)
        init.xavier_uniform(self.weight)  # finding: init-xavier-uniform-no-underscore
        nn.init.constant(self.bias, 0.0)  # finding: init-constant-no-underscore
        nn.init.kaiming_normal_(self.weight, nonlinearity="relu")
        init.xavier_uniform_(self.weight)

    def forward(self, x, theta):
        p = F.softmax(x)  # finding: softmax-without-dim
        lp = F.log_softmax(x, 1)
        q = F.softmax(x, dim=-1)
        r = torch.softmax(x, -1)
        grid = F.affine_grid(theta, x.size())  # finding: affine-grid-without-align-corners
        out = F.grid_sample(x, grid)  # finding: grid-sample-without-align-corners
        ok = F.grid_sample(x, F.affine_grid(theta, x.size(), align_corners=False), align_corners=False)
        ok2 = F.grid_sample(x, grid, "bilinear", "zeros", True)
        return self.act(p), lp, q, r, out, ok, ok2


def distill(student_logp, teacher_p, scale):
    a = F.kl_div(student_logp, teacher_p)  # finding: kl-div-default-reduction
    b = F.kl_div(student_logp, teacher_p, reduction="mean")  # finding: kl-div-reduction-mean
    crit = nn.KLDivLoss()  # finding: kl-div-loss-default-reduction
    c = F.kl_div(student_logp, teacher_p, reduction="batchmean")
    d = nn.KLDivLoss(reduction="sum", log_target=True)
    e = F.kl_div(student_logp, teacher_p, None, None, "batchmean")
    return a, b, crit, c, d, e


def reset_stats():
    torch.cuda.reset_max_memory_allocated()  # finding: cuda-reset-max-memory-allocated
    torch.cuda.reset_peak_memory_stats()
