# seen in: a GAN trainer holding one scheduler per network (scheduler_G, scheduler_D, built by a helper of the
# project) and stepping the generator's at the top of each epoch, before the batch loop that steps its optimizer,
# and the discriminator's with the epoch after it; a part-named scheduler stepped after its optimizer is quiet
import time

import torch


class Translator:
    def __init__(self, build, net):
        self.net = net
        self.optimizer_G, self.scheduler_G = build(net.generator)
        self.optimizer_D, self.scheduler_D = build(net.discriminator)
        self.state = {"epoch": 0}

    def train_epoch(self, loader):
        start = time.time()
        self.scheduler_G.step()  # finding: scheduler-step-before-optimizer
        for batch in loader:
            self.optimizer_G.zero_grad()
            self.net(batch)["loss_G"].backward()
            self.optimizer_G.step()
        self.scheduler_D.step(self.state["epoch"])  # finding: scheduler-step-epoch
        return time.time() - start

    def train_discriminator(self, loader):
        for batch in loader:
            self.optimizer_D.zero_grad()
            self.net(batch)["loss_D"].backward()
            self.optimizer_D.step()
            self.scheduler_D.step()
