# seen in: fairseq's early convolutional model (vendored in Frequency-Agnostic): ConvTBC is an nn.Module, and
# LinearizedConvolution in another file derives from it, so self.register_backward_hook(...) there is nn.Module's
# deprecated non-full hook. The package is also copied under build/lib, each copy defining both classes.
import torch


class ConvTBC(torch.nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.zeros(kernel_size, in_channels, out_channels))

    def forward(self, input):
        return input
