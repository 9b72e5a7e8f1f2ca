# seen in: pSp-style encoder coaches, whose calc_loss logs each term with float() while summing the terms into the
# loss it returns, and whose training step calls backward() on that returned loss: every logged term requires grad
import torch
import torch.nn.functional as F


class Coach:
    def __init__(self, net, optimizer, opts):
        self.net, self.optimizer, self.opts = net, optimizer, opts

    def train_step(self, x, y):
        self.optimizer.zero_grad()
        y_hat, latent = self.net(x)
        loss, loss_dict = self.calc_loss(y, y_hat, latent)
        loss.backward()
        self.optimizer.step()
        return loss_dict

    def calc_loss(self, y, y_hat, latent):
        loss_dict = {}
        loss = 0.0
        loss_id, sim_improvement = self.id_loss(y_hat, y)
        loss_dict['loss_id'] = float(loss_id)  # finding: float-of-requires-grad-tensor
        loss_dict['id_improve'] = float(sim_improvement)
        loss = loss_id * self.opts.id_lambda
        loss_l2 = F.mse_loss(y_hat, y)
        loss_dict['loss_l2'] = float(loss_l2)  # finding: float-of-requires-grad-tensor
        loss += loss_l2 * self.opts.l2_lambda
        w_norm = torch.norm(latent)
        loss_dict['w_norm'] = float(w_norm)
        return loss, loss_dict

    def id_loss(self, y_hat, y):
        return F.l1_loss(y_hat, y), 0.5
