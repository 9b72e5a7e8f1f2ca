# seen in: the CycleGAN/pix2pix layout: the model owns its optimizers and torch schedulers, train.py drives it
import torch
from torch.optim import lr_scheduler


def get_scheduler(optimizer, opt):
    if opt.lr_policy == "linear":
        return lr_scheduler.LambdaLR(optimizer, lr_lambda=lambda epoch: 1.0 - max(0, epoch - opt.n_epochs) / 100.0)
    return lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.2)


class BaseModel:
    def __init__(self, opt, net):
        self.opt, self.net = opt, net
        self.optimizer_G = torch.optim.Adam(net.parameters(), lr=opt.lr)
        self.optimizers = [self.optimizer_G]
        self.metric = 0

    def setup(self, opt):
        self.schedulers = [get_scheduler(optimizer, opt) for optimizer in self.optimizers]

    def set_input(self, data):
        self.real_A, self.real_B = data

    def optimize_parameters(self):
        self.optimizer_G.zero_grad()
        torch.nn.functional.l1_loss(self.net(self.real_A), self.real_B).backward()
        self.optimizer_G.step()

    def update_learning_rate(self):
        for scheduler in self.schedulers:
            if self.opt.lr_policy == "plateau":
                scheduler.step(self.metric)
            else:
                scheduler.step()


def create_model(opt, net):
    return BaseModel(opt, net)
