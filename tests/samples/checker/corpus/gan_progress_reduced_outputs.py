# seen in: texture-mosaic GAN trainers (famos' mosaicGAN.py, PSGAN.py) that print D(x) and D(G(z)) as reductions of
# the discriminator's output, the first argument of losses given backward(); those require grad and "%.4f" warns
import torch


def train_step(netD, criterion, real, fake, optimizerD):
    output = netD(real)
    errD_real = criterion(output, torch.ones_like(output))
    errD_real.backward()
    D_x = output.mean()
    output = netD(fake.detach())
    errD_fake = criterion(output, torch.zeros_like(output))
    errD_fake.backward()
    D_G_z1 = output.mean()
    optimizerD.step()
    print("D(x): %.4f D(G(z)): %.4f" % (D_x, D_G_z1))  # finding: float-of-requires-grad-tensor
    accuracy = output.argmax(1)
    D_item = output.mean().item()
    print("%.4f %.4f" % (D_item, accuracy.float().mean().item()))
