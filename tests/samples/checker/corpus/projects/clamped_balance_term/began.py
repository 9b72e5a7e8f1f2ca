# seen in: a BEGAN trainer (a GAN reproduction's BEGAN.py) keeps its balance term k on self, clamped from a number
# (temp_k = temp_k.item()), scales the discriminator loss by it, and prints it with %f: a Python float, no warning.
# An attribute the loss sums that a call computes is still the graph's.
import torch


class BEGAN:
    def __init__(self):
        self.k = 0.0
        self.gamma = 0.75

    def train_step(self, d_real_loss, d_fake_loss, g_loss):
        d_loss = d_real_loss - self.k * d_fake_loss
        d_loss.backward()
        temp_k = self.k + 0.001 * (self.gamma * d_real_loss - g_loss)
        temp_k = temp_k.item()
        self.k = min(max(temp_k, 0), 1)
        print("D: %.8f, k: %.8f" % (d_loss.item(), self.k))

    def graph_step(self, out, target, criterion):
        self.loss_l1 = criterion(out, target)
        self.loss_G = self.loss_l1 * 10
        self.loss_G.backward()
        print("G: %.4f" % self.loss_G)  # finding: float-of-requires-grad-tensor
