# seen in: a frame-interpolation repo (DAIN) whose CUDA-kernel tests rebind a difference to its maximum and read it
# through numpy with [0] (a 0-d array since 0.4: IndexError), and whose depth model keeps its loss total in a
# tensor it sizes itself, torch.cuda.FloatTensor(1), which [0] reads fine; so does a stance detector's running
# total made from a one-item list, torch.Tensor([0]), read through numpy
import torch
from torch.autograd import Variable


def check_forward(output_cuda, output):
    x = (output_cuda - output) * 2 / (torch.abs(output_cuda) + torch.abs(output))
    x = torch.max(torch.abs(x))
    return x.cpu().data.numpy()[0] > 1e-6  # finding: zero-dim-numpy-index


def batch_loss(predictions, targets, rmse_loss):
    total_loss = Variable(torch.zeros(1))
    for prediction, target in zip(predictions, targets):
        total_loss += rmse_loss(prediction, target)
    return total_loss.data[0]


def epoch_loss(batches, criterion):
    total_loss = torch.Tensor([0])
    for prediction, label in batches:
        loss = criterion(prediction, label)
        total_loss += loss.data
    total_loss /= len(batches)
    return total_loss.numpy()[0]
