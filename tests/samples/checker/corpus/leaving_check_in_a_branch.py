# A check that is true on the target and leaves the block guards the rest of the block, also inside a branch of
# an ordinary `if` (the walk visits each branch on its own, for the loads bound there): the old call after it is
# the fallback for old releases, never run on the target.
import torch


def spectrum(x, use_fft):
    if use_fft:
        if hasattr(torch, "fft") and hasattr(torch.fft, "rfft"):
            return torch.fft.rfft(x)
        return torch.rfft(x, 1)
    else:
        if hasattr(torch.linalg, "matrix_rank"):
            return torch.linalg.matrix_rank(x)
        return torch.matrix_rank(x)


# The look-alike: no such check in the branch, so the old call is what runs.
def spectrum_old(x, use_fft):
    if use_fft:
        return torch.rfft(x, 1)  # finding: rfft-removed
    return x
