# seen in: an MRI toolkit (direct) that chose its FFT helpers by torch release: the pre-1.7 pair, which calls the
# torch.ifft function removed in 1.8, is only ever selected below 1.7, so it never runs on the target; a helper the
# module also calls elsewhere stays checked
import torch
from packaging import version


def ifft2_new(data):
    return torch.fft.ifft2(data, norm="ortho")


def ifft2_old(data):
    return torch.ifft(data, 2, normalized=True)


def irfft_old(data):
    return torch.irfft(data, 2)  # finding: irfft-removed


def inverse_power(data):
    return irfft_old(data).abs()


if version.parse(torch.__version__) >= version.parse("1.7.0"):
    ifft2 = ifft2_new
else:
    ifft2 = ifft2_old
    irfft = irfft_old
