# expect: still-warns-on-2.15#torchistft-on-a-real--2-spectrum
import torch


def filtered(signal, window, gain):
    spec = torch.view_as_real(torch.stft(signal, 512, 128, window=window, return_complex=True))
    spec *= gain
    return torch.istft(spec, 512, 128, window=window)
