# the script's module-level critic, stepped with a one-element gradient defined further down (through a helper
# that moves it to the GPU): 0-dim output, shape [1] gradient -> "Mismatch in shape" on every version since 0.4
import torch

from models import MLP_D, MLP_Kept

gan_disc = MLP_D(8, 2)
kept_disc = MLP_Kept(8)


def to_gpu(gpu, var):
    return var.cuda() if gpu else var


def train_gan_g(fake_hidden):
    errG = gan_disc(fake_hidden)
    errG.backward(one)  # finding: backward-grad-shape-mismatch
    errK = kept_disc(fake_hidden)
    errK.backward(one)
    return errG


def train_gan_d(real_hidden):
    errD_real = gan_disc(real_hidden)
    errD_real.backward(mone)  # finding: backward-grad-shape-mismatch
    return errD_real


one = to_gpu(False, torch.FloatTensor([1]))
mone = one * -1
