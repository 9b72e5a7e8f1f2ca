# seen in: segmentation repositories of 2018-2020 that build their Dice Function and call its forward directly (the
# instance warns in Function.__init__); a class whose own __init__ skips the base's builds quietly
import torch
from torch.autograd import Function


class DiceCoeff(Function):  # finding: autograd-function-non-static-forward
    def forward(self, prediction, target):
        self.save_for_backward(prediction, target)
        inter = torch.dot(prediction.view(-1), target.view(-1))
        return 2 * inter / (prediction.sum() + target.sum() + 1e-4)

    def backward(self, grad_output):
        prediction, target = self.saved_variables  # finding: ctx-saved-variables
        return grad_output * target, None


class Clamp(Function):
    def __init__(self):
        pass

    @staticmethod
    def forward(ctx, x):
        return x.clamp(0, 1)


def dice(predictions, targets):
    total = 0.0
    for prediction, target in zip(predictions, targets):
        total = total + DiceCoeff().forward(prediction, target)  # finding: autograd-function-instantiated
    return total / len(predictions)


def detect(scores):
    return Clamp().apply(scores)
