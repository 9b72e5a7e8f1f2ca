import torch

from .base_model import BaseModel


class Pix2PixModel(BaseModel):
    def __init__(self, net_g, optimizer):
        super().__init__()
        self.loss_names = ['G_L1']
        self.metric_names = ['psnr']
        self.net_g, self.optimizer = net_g, optimizer

    def optimize_parameters(self, real_a, real_b):
        self.optimizer.zero_grad()
        self.loss_G_L1 = torch.nn.functional.l1_loss(self.net_g(real_a), real_b)
        self.loss_G_L1.backward()
        self.optimizer.step()
        self.metric_psnr = 10.0


class LoggingModel(BaseModel):
    # a loss kept on self and given backward(), then printed with %f (or converted with float()) in the same class
    def __init__(self, net_g, optimizer):
        super().__init__()
        self.net_g, self.optimizer = net_g, optimizer

    def optimize_parameters(self, real_a, real_b, weight):
        self.optimizer.zero_grad()
        self.loss_l1 = torch.nn.functional.l1_loss(self.net_g(real_a), real_b)
        self.loss_total = weight * self.loss_l1
        self.loss_total.backward()
        self.optimizer.step()
        print("total %.4f, l1 %.4f, weight %d" % (self.loss_total, self.loss_l1, weight))  # finding: float-of-requires-grad-tensor
        print("total %s" % (self.loss_total,))
        return float(self.loss_l1)  # finding: float-of-requires-grad-tensor

    def get_current_losses(self):
        return {"step": float(self.step_count)}


class RegularizedModel(BaseModel):
    # the weight a backed loss is scaled by is a setting, not the graph's: formatting it converts a Python number
    def __init__(self, net_g, optimizer, config):
        super().__init__()
        self.net_g, self.optimizer = net_g, optimizer
        self.reg = config["reg"]

    def optimize_parameters(self, real_a, real_b):
        self.optimizer.zero_grad()
        self.loss_l1 = torch.nn.functional.l1_loss(self.net_g(real_a), real_b)
        loss = self.loss_l1 + self.reg * self.net_g.weight.norm()
        loss.backward()
        self.optimizer.step()
        print("reg %.1e, l1 %.3f" % (self.reg, self.loss_l1))  # finding: float-of-requires-grad-tensor
        print("reg %.1e" % self.reg)
