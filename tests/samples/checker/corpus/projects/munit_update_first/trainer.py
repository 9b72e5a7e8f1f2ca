# seen in: MUNIT/UNIT-derived image translation trainers (intrinsic decomposition, portrait relighting) whose
# update_learning_rate() steps both schedulers; train.py calls it first in every iteration, before dis_update and
# gen_update step the optimizers. A trainer that never builds the discriminator's scheduler raises before stepping.
import torch

from utils import get_scheduler


class Trainer(torch.nn.Module):
    def __init__(self, gen, dis, hyperparameters):
        super().__init__()
        self.gen, self.dis = gen, dis
        self.gen_opt = torch.optim.Adam(gen.parameters())
        self.dis_opt = torch.optim.Adam(dis.parameters())
        self.gen_scheduler = get_scheduler(self.gen_opt, hyperparameters)
        self.dis_scheduler = get_scheduler(self.dis_opt, hyperparameters)

    def gen_update(self, x):
        self.gen_opt.zero_grad()
        self.gen(x).mean().backward()
        self.gen_opt.step()

    def dis_update(self, x):
        self.dis_opt.zero_grad()
        self.dis(x).mean().backward()
        self.dis_opt.step()

    def update_learning_rate(self):
        if self.dis_scheduler is not None:
            self.dis_scheduler.step()  # finding: scheduler-step-before-optimizer
        if self.gen_scheduler is not None:
            self.gen_scheduler.step()  # finding: scheduler-step-before-optimizer


class GeneratorOnly(torch.nn.Module):
    def __init__(self, gen, hyperparameters):
        super().__init__()
        self.gen_opt = torch.optim.Adam(gen.parameters())
        self.gen_scheduler = get_scheduler(self.gen_opt, hyperparameters)

    def update_learning_rate(self):
        if self.dis_scheduler is not None:
            self.dis_scheduler.step()
        self.gen_scheduler.step()
