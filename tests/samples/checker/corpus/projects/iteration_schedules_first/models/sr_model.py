import torch

from models import lr_scheduler
from models.base_model import BaseModel


class SRModel(BaseModel):
    def __init__(self, net, milestones):
        super().__init__()
        self.net = net
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-4)
        self.optimizers.append(self.optimizer)
        self.schedulers.append(lr_scheduler.MultiStepLR_Restart(self.optimizer, milestones))

    def optimize_parameters(self, step, lq, gt):
        self.optimizer.zero_grad()
        torch.nn.functional.l1_loss(self.net(lq), gt).backward()
        self.optimizer.step()
