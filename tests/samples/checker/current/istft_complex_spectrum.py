import torch


def filtered(signal, window, gain):
    spec = torch.stft(signal, 512, 128, window=window, return_complex=True)
    spec *= gain
    return torch.istft(spec, 512, 128, window=window, length=signal.size(-1))
