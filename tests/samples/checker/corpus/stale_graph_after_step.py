# seen in: BicycleGAN and DMIT-style image translation (2018-2019) and GAN tutorials written for torch 1.4: one loss is
# given backward(retain_graph=True), an optimizer steps, and a second loss from the same forward pass goes backward
import torch
import torch.nn.functional as F


class BicycleGAN:
    def train_step(self, A, B, z):
        B_generated = self.G(A, z)
        mu, logvar = self.E(B_generated)
        total_loss = F.l1_loss(B_generated, B) + 0.5 * (logvar.exp() + mu.pow(2) - 1.0 - logvar).sum(1).mean(0)
        total_loss.backward(retain_graph=True)
        self.optimizer["G"].step()
        self.optimizer["E"].step()
        lr_loss = 0.5 * F.l1_loss(mu, z)
        lr_loss.backward()  # finding: stale-graph-after-optimizer-step
        self.optimizer["G"].step()


def gan_step(netG, netD, optimizer_D, optimizer_G, z):
    d_fake = netD(netG(z))
    d_loss = d_fake.mean()
    d_loss.backward(retain_graph=True)
    optimizer_D.step()
    g_loss = -torch.mean(d_fake)
    g_loss.backward()  # finding: stale-graph-after-optimizer-step
    optimizer_G.step()


def gan_step_fresh(netG, netD, optimizer_D, optimizer_G, z):
    fake = netG(z)
    d_loss = netD(fake.detach()).mean()
    d_loss.backward(retain_graph=True)
    optimizer_D.step()
    g_loss = -netD(fake).mean()
    g_loss.backward()
    optimizer_G.step()


def temperature_step(critic, log_alpha, alpha_opt, critic_opt, x):
    q = critic(x)
    alpha = log_alpha.exp()
    alpha_loss = -(alpha * (q.mean() - 1.0))
    alpha_loss.backward(retain_graph=True)
    alpha_opt.step()
    critic_loss = q.pow(2).mean() + alpha * q.mean()
    critic_loss.backward()
    critic_opt.step()
