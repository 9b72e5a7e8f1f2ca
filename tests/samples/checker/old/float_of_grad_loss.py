# expect: data-nn-and-optim#float-of-a-tensor-that-requires-grad-warns
import torch

w = torch.ones(3, requires_grad=True)


def step():
    loss = (w * 2).mean()
    loss.backward()
    return float(loss)
