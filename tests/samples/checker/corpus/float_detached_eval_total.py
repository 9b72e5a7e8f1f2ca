# seen in: emoji-prediction scripts whose evaluation helper returns `loss, (acc, f1)` with the loss summed from
# `.data.cpu()` (outside the graph), rebinding the training loop's backpropagated `loss`; a twin helper that sums the
# losses themselves returns a tensor that still requires grad
import torch
from torch import nn


def predict_on(model, batches, loss_func):
    loss = 0
    for text, label in batches:
        loss += loss_func(model(text), label).data.cpu()
    return loss, (0.5, 0.25)


def predict_with_graph(model, batches, loss_func):
    loss = 0
    for text, label in batches:
        loss += loss_func(model(text), label)
    return loss, (0.5, 0.25)


model = nn.Linear(3, 2)
loss_func = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters())
for text, label in [(torch.randn(4, 3), torch.tensor([0, 1, 0, 1]))]:
    loss = loss_func(model(text), label)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    loss, (acc, f1) = predict_on(model, [(text, label)], loss_func)
    print("valid loss %.4f" % float(loss))
    loss, (acc, f1) = predict_with_graph(model, [(text, label)], loss_func)
    print("valid loss %.4f" % float(loss))  # finding: float-of-requires-grad-tensor
