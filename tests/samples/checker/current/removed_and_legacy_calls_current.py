import torch
import torch.nn as nn
import torch.nn.functional as F


def current(a, b, theta, x, w):
    vals, vecs = torch.linalg.eigh(a, UPLO="U")
    sol = torch.linalg.solve(a, b)
    rank = torch.linalg.matrix_rank(a, hermitian=True)
    q = None  # torch.jit.quantized has no torch replacement that does not warn: torchao's quantize_
    probs = F.softmax(x, dim=-1) + F.log_softmax(x, 1) + nn.Softmax(dim=1)(x) + torch.softmax(x, -1)
    grid = F.affine_grid(theta, x.size(), align_corners=False)
    out = F.grid_sample(x, grid, align_corners=False)
    nn.init.xavier_uniform_(w)
    nn.init.constant_(w, 0.0)
    torch.cuda.reset_peak_memory_stats()
    kl = F.kl_div(probs.log(), probs, reduction="batchmean") + nn.KLDivLoss(reduction="batchmean")(probs.log(), probs)
    return vals, vecs, sol, rank, q, probs, out, kl
