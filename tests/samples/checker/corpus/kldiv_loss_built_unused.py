# seen in: an aspect-sentiment model's label-smoothing loss that builds nn.KLDivLoss() in __init__ but computes the
# loss by hand: the constructor is silent, only a forward warns about reduction="mean"
import torch
from torch import nn


class SmoothCrossEntropy(nn.Module):
    def __init__(self, smoothing=0.1):
        super().__init__()
        self.smoothing = smoothing
        self.kldiv = nn.KLDivLoss()

    def forward(self, logits, target):
        log_probs = torch.log_softmax(logits, dim=-1)
        return -(target * log_probs).sum(dim=-1).mean()


class Distiller(nn.Module):
    def __init__(self):
        super().__init__()
        self.kldiv = nn.KLDivLoss()  # finding: kl-div-loss-default-reduction

    def forward(self, student_logits, teacher_probs):
        return self.kldiv(torch.log_softmax(student_logits, dim=-1), teacher_probs)
