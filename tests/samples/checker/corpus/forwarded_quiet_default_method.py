# seen in: tabular GAN synthesizers whose generator activation goes through a static method
# _gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1) that forwards eps to F.gumbel_softmax, called as
# self._gumbel_softmax(x, tau=0.2): eps stays torch's default, so nothing warns. A method some call hands
# another eps, by keyword or by position, still warns; so does forward(), which module(x) runs without naming it
import torch
import torch.nn as nn
from torch.nn import functional


class Synthesizer:
    @staticmethod
    def _gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
        return functional.gumbel_softmax(logits, tau=tau, hard=hard, eps=eps, dim=dim)

    def _sharp_sample(self, logits, eps=1e-10):
        return functional.gumbel_softmax(logits, tau=0.1, eps=eps)  # finding: gumbel-softmax-eps

    def _loose_sample(self, logits, eps=1e-10):
        return functional.gumbel_softmax(logits, eps=eps)  # finding: gumbel-softmax-eps

    def sample_logits(self, logits, eps=1e-10):  # no call in the project: its users' calls decide
        return functional.gumbel_softmax(logits, eps=eps)  # finding: gumbel-softmax-eps

    def activate(self, data):
        parts = [self._gumbel_softmax(data[:, :4], tau=0.2), torch.tanh(data[:, 4:])]
        parts += [self._sharp_sample(data, eps=1e-5), self._loose_sample(data, 1e-3)]
        return torch.cat(parts, dim=1)


class GumbelHead(nn.Module):
    def forward(self, logits, eps=1e-10):
        return functional.gumbel_softmax(logits, eps=eps)  # finding: gumbel-softmax-eps


def run(head, logits):
    return head(logits, 1e-4), head.forward(logits)
