import torch
import torch.nn as nn

from .base_model import BaseModel


class DiscriminatorModel(BaseModel):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.loss_names = ['loss_D']
        self.loss_names += ['acc_D']
        self.metric_names = ['acc_D']
        self.criterion = nn.CrossEntropyLoss()

    def optimize_parameters(self, images, labels):
        logits = self.net(images)
        self.loss_D = self.criterion(logits, labels)
        self.acc_D = (logits.argmax(1) == labels).float().mean().item()
        self.loss_D.backward()
