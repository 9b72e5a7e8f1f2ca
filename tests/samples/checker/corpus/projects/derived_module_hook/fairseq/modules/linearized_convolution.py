import torch

from .conv_tbc import ConvTBC


class LinearizedConvolution(ConvTBC):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__(in_channels, out_channels, kernel_size)
        self._linearized_weight = None
        self.register_backward_hook(self._clear_linearized_weight)  # finding: module-register-backward-hook

    def _clear_linearized_weight(self, *args):
        self._linearized_weight = None


class Recorder:
    def register_backward_hook(self, hook):
        return hook


class Recorded(Recorder):
    def __init__(self):
        self.register_backward_hook(print)


class OwnHook(ConvTBC):
    def register_backward_hook(self, hook):
        return hook

    def start(self):
        self.register_backward_hook(print)
