# expect: removed-and-legacy-calls#torchrfft-irfft-ifft-and-torchfftx-2
import torch


def blur(x, otf):
    fx = torch.rfft(x, 2, onesided=False)
    fy = torch.fft(fx, 2)
    return torch.irfft(torch.ifft(fy, 2), 2, onesided=False)
