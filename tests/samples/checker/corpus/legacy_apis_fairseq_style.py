# seen in: fairseq models and tests (weight norm, amp, allclose, deterministic, multi-GPU all_reduce)
import torch
import torch.nn as nn


def conv(m):
    return nn.utils.weight_norm(m, dim=2)  # finding: weight-norm-deprecated


def check(a, b):
    torch.testing.assert_allclose(a, b)  # finding: assert-allclose-deprecated


def setup():
    torch.set_deterministic(True)  # finding: set-deterministic-removed
    scaler = torch.cuda.amp.GradScaler(enabled=True)  # finding: cuda-amp-grad-scaler
    with torch.cuda.amp.autocast(enabled=False):  # finding: cuda-amp-autocast
        pass
    torch.distributed.all_reduce_multigpu([values])  # finding: multigpu-collectives-removed
    return scaler
