# seen in: advertorch's tutorial_train_mnist.py (F.cross_entropy(..., reduction='elementwise_mean') in the training loop);
# Python losses that check the string themselves raise ValueError; the project's own loss functions: quiet
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import CrossEntropyLoss


def train(model, data, target):
    loss = F.cross_entropy(model(data), target, reduction='elementwise_mean')  # finding: loss-reduction-elementwise-mean
    crit = CrossEntropyLoss(reduction="elementwise_mean")  # finding: loss-reduction-elementwise-mean
    nll = nn.PoissonNLLLoss(reduction="elementwise_mean")  # finding: loss-reduction-elementwise-mean-rejected
    fine = F.cross_entropy(model(data), target, reduction="mean")
    own = my_loss(data, target, reduction="elementwise_mean")
    return loss, crit, nll, fine, own
