# seen in: pSp-style coaches (StyleCLIP's mapper, PTI) whose calc_loss starts `loss = 0.0`, binds it to a weighted
# term unpacked from a loss module's result and grows it by more; the caller backpropagates the returned loss
import torch
from torch import nn


class IDLoss(nn.Module):
    def forward(self, y_hat, y):
        loss = (y_hat - y).abs().mean()
        return loss, 0.5


class Coach:
    def __init__(self, net, opts):
        self.net, self.opts, self.id_loss = net, opts, IDLoss()
        self.optimizer = torch.optim.Adam(net.parameters())

    def calc_loss(self, y, y_hat):
        loss_dict = {}
        loss = 0.0
        if self.opts.id_lambda > 0:
            loss_id, sim_improvement = self.id_loss(y_hat, y)
            loss_dict["loss_id"] = float(loss_id)  # finding: float-of-requires-grad-tensor
            loss_dict["id_improve"] = float(sim_improvement)
            loss = loss_id * self.opts.id_lambda
        if self.opts.l2_lambda > 0:
            loss_l2 = nn.functional.mse_loss(y_hat, y)
            loss_dict["loss_l2"] = float(loss_l2)  # finding: float-of-requires-grad-tensor
            loss += loss_l2 * self.opts.l2_lambda
        loss_dict["loss"] = float(loss)  # finding: float-of-requires-grad-tensor
        return loss, loss_dict

    def train_step(self, x, y):
        self.optimizer.zero_grad()
        loss, loss_dict = self.calc_loss(y, self.net(x))
        loss.backward()
        self.optimizer.step()
        return loss_dict
