# seen in: round 57's Cross-Modal-Re-ID-baseline (CamAwareMemory.py): an autograd Function subclass used as a memory
# bank, built per camera with its own __init__ that calls the base's, its forward spelled `forwarding`; building one
# warns that Functions should not be instantiated. A class of the same shape deriving from nn.Module is quiet.
import torch
from torch import nn
from torch.autograd import Function


class ExemplarMemory(Function):
    def __init__(self, em, alpha=0.01):
        super(ExemplarMemory, self).__init__()
        self.em = em
        self.alpha = alpha

    def forwarding(self, inputs, targets):
        self.save_for_backward(inputs, targets)
        return inputs.mm(self.em.t())

    def backward(self, grad_outputs):
        inputs, targets = self.saved_tensors
        return grad_outputs.mm(self.em), None


class Bank(nn.Module):
    def __init__(self, em):
        super().__init__()
        self.em = em

    def backward(self, grad):
        return grad


def camera_loss(memory, features, targets):
    scores = ExemplarMemory(memory, alpha=0.1).forwarding(features, targets)  # finding: autograd-function-instantiated
    return scores, Bank(memory)
