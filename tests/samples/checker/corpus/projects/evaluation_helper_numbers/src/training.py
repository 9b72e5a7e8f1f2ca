"""The trainer rebinds `loss` to the helper's validation loss (a float) before its epoch line: no tensor is formatted
there; the batch loss formatted inside the loop still requires grad."""
import torch

from .helpers import _evaluate_model


def train(model, train_data, test_data, criterion, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for inputs, labels in train_data:
            optimizer.zero_grad()
            loss = criterion(model(inputs), labels)
            loss.backward()
            optimizer.step()
            print("[%d] batch loss: %.5f" % (epoch, loss))  # finding: float-of-requires-grad-tensor
        accuracy, loss = _evaluate_model(model, test_data, criterion)
        print("validation loss: %.2f - validation accuracy: %.2f" % (loss, accuracy))
