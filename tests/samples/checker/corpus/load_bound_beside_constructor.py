# A GAN module that takes its generator either from a file or builds it (seen in a Lightning bolts SRGAN): the
# attribute bound to the load is bound to an instance of the project's class in the other branch, so the file
# holds such an instance, which weights_only refuses ("Unsupported global").
import torch
from torch import nn

from gans.components import SRGANDiscriminator, SRGANGenerator, Normalizer


class SRGAN(nn.Module):
    def __init__(self, generator_checkpoint=None, stats_path=None):
        super().__init__()
        if generator_checkpoint:
            self.generator = torch.load(generator_checkpoint)  # finding: torch-load-pickled-object
        else:
            self.generator = SRGANGenerator(3, 64)
        self.discriminator = SRGANDiscriminator(3, 64)
        # a wrapper built around the loaded value: what the file holds is not told by it
        self.stats = torch.load(stats_path)
        self.stats = Normalizer(self.stats)


def build_encoder(path=None):
    if path:
        encoder = torch.load(path)  # finding: torch-load-pickled-object
    else:
        encoder = SRGANGenerator(3, 16)
    return encoder
