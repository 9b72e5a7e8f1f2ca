# seen in: a vocoder's mel-spectrogram loss that builds its torch.stft keywords once in __init__ and adds
# return_complex=False behind a version flag that is true on every current release (ParallelWaveGAN's
# losses/mel_loss.py); a dict some other method changes, or filled in a branch the target may skip, is unknown
from distutils.version import LooseVersion

import torch

is_pytorch_17plus = LooseVersion(torch.__version__) >= LooseVersion("1.7")


class MelSpectrogram(torch.nn.Module):
    def __init__(self, fft_size=1024, hop_size=256, center=True):
        super().__init__()
        self.stft_params = {"n_fft": fft_size, "hop_length": hop_size, "center": center}
        if is_pytorch_17plus:
            self.stft_params["return_complex"] = False

    def forward(self, x):
        return torch.stft(x, window=None, **self.stft_params)  # finding: stft-return-complex-false


class Tunable(torch.nn.Module):
    def __init__(self, fft_size=1024):
        super().__init__()
        self.stft_params = {"n_fft": fft_size, "return_complex": False}

    def set_complex(self):
        self.stft_params["return_complex"] = True

    def forward(self, x):
        return torch.stft(x, **self.stft_params)


class Switched(torch.nn.Module):
    def __init__(self, fft_size=1024, legacy=False):
        super().__init__()
        self.stft_params = {"n_fft": fft_size, "return_complex": True}
        if legacy:
            self.stft_params["return_complex"] = False

    def forward(self, x):
        return torch.stft(x, **self.stft_params)
