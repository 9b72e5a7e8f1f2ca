# seen in: captum's test configs (torch.tensor([...6 floats], requires_grad=True).T) and allennlp's influence
# test (w = nn.Parameter(torch.tensor([1, 2]).float()); w @ X @ w.T): .T of a tensor built 1-D warns
import torch


def configs(data):
    x = torch.tensor([1.0, 2.0, 3.0, 0.0, -1.0, 7.0], requires_grad=True).T  # finding: tensor-t-not-2d
    w = torch.nn.Parameter(torch.tensor([1, 2]).float(), requires_grad=True)
    X = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    loss = w @ X @ w.T  # finding: tensor-t-not-2d
    m = torch.randn(5)
    m = m.view(5, 1)
    unknown = torch.tensor(data).T
    return x, loss, X.T, torch.zeros(3, 4).T, m.T, unknown
