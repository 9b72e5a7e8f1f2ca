# Names that look like torch APIs but are local: nothing here is torch's.
import torch


class Profile:
    def __init__(self, use_cuda=False):
        self.use_cuda = use_cuda


def profile(use_cuda=False):
    return Profile(use_cuda=use_cuda)


def cholesky(matrix):
    return torch.linalg.cholesky(matrix)


p = profile(use_cuda=True)
L = cholesky(torch.eye(2))
zeros = torch.zeros(2, 3, dtype=torch.float32)


class Factorizer:
    def qr(self, matrix):
        return torch.linalg.qr(matrix)

    def both(self, matrix):
        return self.qr(matrix)
