# seen in: KAIR deblurring utilities (p2o / USRNet data step), yolov7 SigmoidBin loss
import numpy as np
import torch
import torch.fft


def p2o(psf, shape):
    otf = torch.zeros(psf.shape[:-2] + shape)
    otf[..., : psf.shape[2], : psf.shape[3]].copy_(psf)
    return torch.rfft(otf, 2, onesided=False)  # finding: rfft-removed


def back(fr, shape):
    return torch.irfft(fr, 2, onesided=False, signal_sizes=shape)  # finding: irfft-removed


def forward_twice(t):
    spectrum = torch.fft(t, 2)  # finding: torch-fft-called
    return torch.ifft(spectrum, 2)  # finding: ifft-removed


def new_api(x):
    full = torch.view_as_real(torch.fft.fft2(x))
    back = torch.fft.ifft2(torch.view_as_complex(full)).real
    return back, torch.fft.rfft2(x), np.fft.fft2(x.numpy())


def bins(min_value, max_value, step):
    edges = torch.range(min_value, max_value, step)  # finding: torch-range-deprecated
    return edges, torch.arange(0, 4), list(range(4))
