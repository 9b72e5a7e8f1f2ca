import torch

from inference import shared_softmax


def probabilities(logits):
    return shared_softmax(logits) + torch.zeros(1)
