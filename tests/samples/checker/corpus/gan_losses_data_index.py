# seen in: text-to-image GAN trainers (StackGAN, AttnGAN) that name their two losses errD and errG, DCGAN-style,
# and log them with the pre-0.4 .data[0]; an error map's first row is ordinary indexing
import torch
import torch.nn as nn

criterion = nn.BCELoss()


def log_step(real_logits, fake_logits, error_map):
    ones, zeros = torch.ones_like(real_logits), torch.zeros_like(fake_logits)
    errD_real = criterion(real_logits, ones)
    errD = errD_real + criterion(fake_logits, zeros)
    errG = criterion(fake_logits, ones)
    print(errD.data[0], errG.data[0])  # finding: loss-data-index
    return error_map.data[0]


def critic_step(netD, real, fake):
    # the WGAN reference code: the critic returns output.mean(0).view(1), a 1-element vector; no loss is computed
    errD_real = netD(real)
    errD_fake = netD(fake)
    errD = errD_real - errD_fake
    return errD.data[0], errD_real.data[0]
