# seen in: audio super-resolution and speech-enhancement code written for torch 1.x, which filters the real (..., 2)
# spectrum stft returned with return_complex=False, stacks real and imaginary parts on a last dimension, or runs
# Griffin-Lim with a phase tensor whose last size is 2, and hands the result to istft (TypeError since 2.0). A
# spectrum turned complex first, or kept complex, is fine
import torch


def lowpass(x, window, gains, r):
    stft = torch.stft(x, 1024, 256, window=window, return_complex=False)  # finding: stft-return-complex-false
    stft *= gains[r].view(*stft.shape[0:2], 1, 1)
    return torch.istft(stft, 1024, 256, window=window)  # finding: istft-real-input


def from_magnitude_phase(mag, phase, window):
    spec = torch.stack([mag * torch.cos(phase), mag * torch.sin(phase)], -1)
    return torch.istft(spec.permute(0, 2, 1, 3), 512, 128, window=window)  # finding: istft-real-input


def griffin_lim(S, window, iterations):
    angles = torch.empty((*S.shape, 2), device=S.device)
    angles[..., 0], angles[..., 1] = 1.0, 0.0
    for _ in range(iterations):
        inverse = torch.istft(S.unsqueeze(-1) * angles, 512, 128, window=window)  # finding: istft-real-input
        angles = torch.view_as_real(torch.stft(inverse, 512, 128, window=window, return_complex=True))
    return inverse


def restored(x, window):
    spec = torch.view_as_real(torch.stft(x, 512, 128, window=window, return_complex=True))
    spec = spec * 0.5
    return torch.istft(torch.view_as_complex(spec.contiguous()), 512, 128, window=window)


def complex_all_along(x, window):
    spec = torch.stft(x, 512, 128, window=window, return_complex=True)
    spec = spec * torch.exp(1j * torch.angle(spec))
    return torch.istft(spec, 512, 128, window=window)


# seen in: a diffusion vocoder's helper that rebuilds the real/imaginary pair and pads the frequency axis in a branch:
# F.pad with (0, 0) first leaves the pair dimension, so istft still gets the real (..., 2) layout
def istft_from_polar(amp, phase, n_fft, hop, pad=False):
    spec = amp * torch.exp(1j * phase)
    spec = torch.stack([spec.real, spec.imag], -1)
    if pad:
        spec = torch.nn.functional.pad(spec, [0, 0, 0, 1], mode="reflect")
    return torch.istft(spec, n_fft, hop)  # finding: istft-real-input


def istft_padded_pair(spec, n_fft, hop):
    spec = torch.nn.functional.pad(torch.view_as_real(spec), [0, 1])
    return torch.istft(spec, n_fft, hop)
