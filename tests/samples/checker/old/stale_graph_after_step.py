# expect: removed-and-legacy-calls#backward-through-a-graph-an-optimizer-step-made-stale
import torch


def train_step(netG, netD, optimizer_D, z):
    d_fake = netD(netG(z))
    d_loss = d_fake.mean()
    d_loss.backward(retain_graph=True)
    optimizer_D.step()
    g_loss = -torch.mean(d_fake)
    g_loss.backward()
