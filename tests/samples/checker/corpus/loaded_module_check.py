# seen in: a graph-generation library that keeps the pre-1.7 FFT calls behind a check on whether torch
# already imported torch.fft (DIG's GraphDF df_utils.py); torch imports torch.fft itself on every recorded
# build, so only the else branch runs; a module torch does not load on import decides nothing
import sys

import torch


def shift(inputs):
    if "torch.fft" not in sys.modules:
        return torch.fft(inputs, 1)
    return torch.view_as_real(torch.fft.fft(torch.view_as_complex(inputs)))


def shift_back(result):
    if "torch.fft" in sys.modules:
        return torch.view_as_real(torch.fft.ifft(torch.view_as_complex(result)))
    else:
        return torch.ifft(result, 1)


def legacy(inputs):
    return torch.fft(inputs, 1)  # finding: torch-fft-called
