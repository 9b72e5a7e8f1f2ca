# seen in: an MRI reconstruction repo's transforms that bind the old FFT names in a try and define
# replacements in the except branch (fastMRI's banding_removal transforms.py); a name bound only to the
# old callable is still reported where it is bound
import torch

try:
    fft = torch.fft
    ifft = torch.ifft
except AttributeError:
    def fft(data, signal_ndim, normalized=True):
        return torch.view_as_real(torch.fft.fft2(torch.view_as_complex(data)))

    def ifft(data, signal_ndim, normalized=True):
        return torch.view_as_real(torch.fft.ifft2(torch.view_as_complex(data)))

old_fft = torch.fft


def to_kspace(image):
    return fft(image, 2, normalized=True)


def to_image(kspace):
    return ifft(kspace, 2, normalized=True)


def legacy(image):
    return old_fft(image, 2)  # finding: torch-fft-called
