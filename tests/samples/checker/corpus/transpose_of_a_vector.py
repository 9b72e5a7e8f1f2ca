# seen in: captum's test configs (torch.tensor([...6 floats], requires_grad=True).T) and allennlp's influence
# test (w = nn.Parameter(torch.tensor([1, 2]).float()); w @ X @ w.T): .T of a tensor built 1-D warns. So does .T
# of a 3-D one: the varying-coefficient layers of treatment-effect code (self.weight = nn.Parameter(torch.rand(ind,
# outd, d)), then self.weight.T in forward)
import torch
import torch.nn as nn


def configs(data, shape):
    x = torch.tensor([1.0, 2.0, 3.0, 0.0, -1.0, 7.0], requires_grad=True).T  # finding: tensor-t-not-2d
    w = torch.nn.Parameter(torch.tensor([1, 2]).float(), requires_grad=True)
    X = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    loss = w @ X @ w.T  # finding: tensor-t-not-2d
    m = torch.randn(5)
    m = m.view(5, 1)
    unknown = torch.tensor(data).T
    cube = torch.rand(2, 3, 4).T  # finding: tensor-t-not-2d
    return x, loss, X.T, torch.zeros(3, 4).T, m.T, unknown, cube, torch.zeros(*shape, 2, 3).T


class DynamicFC(nn.Module):
    def __init__(self, ind, outd, d, share=None):
        super().__init__()
        self.weight = nn.Parameter(torch.rand(ind, outd, d), requires_grad=True)
        self.bias = nn.Parameter(torch.rand(outd, d))
        self.scale = nn.Parameter(torch.rand(ind, outd, d))
        if share is not None:
            self.scale = share

    def forward(self, x):
        out = torch.matmul(self.weight.T, x.T).T  # finding: tensor-t-not-2d
        return out + self.bias.T + self.scale.T


def barycentric(tp, point):
    # round 60's X-ray renderer: torch.dot takes two 1-D tensors, so the .T on its operand is on a 1-D tensor
    v0 = tp[2, :] - tp[0, :]
    v2 = point - tp[0, :]
    dot00 = torch.dot(v0.T, v0)  # finding: tensor-t-not-2d
    dot02 = torch.dot(v0, v2)
    return dot00, dot02, torch.matmul(tp.T, tp)
