# seen in: Analytic-DPM's evaluators, which torch.save() a NumPy array of moments under one path parameter and load it
# back into the same name under another (ms_eps = torch.load(ms_eps_path)). weights_only refuses the array (Unsupported
# global: numpy._core.multiarray._reconstruct) since 2.6; a tensor saved the same way loads.
import numpy as np
import torch


class Evaluator:
    def sample(self, ms_eps_path, stats_path):
        ms_eps = torch.load(ms_eps_path)  # finding: torch-load-saved-objects
        stats = torch.load(stats_path)
        return ms_eps, stats

    def save_ms_eps(self, fname, n):
        ms_eps = np.zeros(n + 1, dtype=np.float32)
        for i in range(1, n + 1):
            ms_eps[i] = i / n
        torch.save(ms_eps, fname)

    def save_stats(self, fname, n):
        stats = torch.zeros(n)
        torch.save(stats, fname)


def cached_codes(path, compute):
    # a hashing evaluator caches its rounded codes as tensors, then turns the name into NumPy for the metric below the
    # save, which runs once: the cache holds tensors
    if path.exists():
        codes = torch.load(path)
    else:
        codes = torch.round(compute())
        torch.save(codes, path)
    codes = codes.cpu().numpy()
    return codes.mean()
