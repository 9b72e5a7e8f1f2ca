import torch

from .base_model import BaseModel


class CompletionModel(BaseModel):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.loss_names = ["R", "S"]
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)

    def backward(self, sparse, gt):
        pred = self.net(sparse)
        self.loss = 0
        self.loss_R = torch.nn.functional.mse_loss(pred, gt)
        self.loss += self.loss_R
        self.loss_S = pred.diff(dim=-1).abs().mean() * 0.1
        self.loss += self.loss_S
        self.loss.backward()

    def optimize_parameters(self, sparse, gt):
        self.optimizer.zero_grad()
        self.backward(sparse, gt)
        self.optimizer.step()
