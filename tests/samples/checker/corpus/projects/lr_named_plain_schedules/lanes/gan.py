# sngan.pytorch's functions.py: its own LinearLrDecay schedules, handed in as a pair and stepped with the global step
import torch


def train_gan(loader, generator, discriminator, optimizers, schedulers=None):
    for step, (images, _) in enumerate(loader):
        loss = discriminator(generator(images)).mean()
        for optimizer in optimizers:
            optimizer.zero_grad()
        loss.backward()
        for optimizer in optimizers:
            optimizer.step()
        if schedulers:
            gen_scheduler, dis_scheduler = schedulers
            g_lr = gen_scheduler.step(step)
            d_lr = dis_scheduler.step(step)
            print(g_lr, d_lr)


class LinearLrDecay(object):
    def __init__(self, optimizer, start_lr, end_lr, steps):
        self.optimizer, self.start_lr, self.end_lr, self.steps = optimizer, start_lr, end_lr, steps

    def step(self, current_step):
        lr = self.start_lr - (self.start_lr - self.end_lr) * min(current_step / self.steps, 1.0)
        for group in self.optimizer.param_groups:
            group["lr"] = lr
        return lr
