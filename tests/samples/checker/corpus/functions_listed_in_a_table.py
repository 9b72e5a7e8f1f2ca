# seen in: lightning-thunder's default_torch_ops (a table of torch functions to wrap, never called there)
import torch

registered_ops = {
    torch: [torch.cholesky, torch.qr, torch.cholesky_inverse],
    torch.Tensor: [torch.Tensor.lu, torch.Tensor.resize, torch.Tensor.stft],
}

checked_ops = [torch.cholesky]  # finding: cholesky-removed


def run_all(x):
    for fn in checked_ops:
        fn(x)


gone_ops = [torch.set_deterministic]  # finding: set-deterministic-removed
