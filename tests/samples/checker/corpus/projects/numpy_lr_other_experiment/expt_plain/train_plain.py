# seen in: a skeleton-action tree of several experiments (no project marker between them): one experiment's copy of
# st-gcn writes a NumPy rate into its optimizer, another experiment's script keeps the constant rate its SGD is built
# with, so its resume reads plain state
import torch


def train(model, batches, resume):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    if resume:
        checkpoint = torch.load("plain/checkpoint.pth")
        model.load_state_dict(checkpoint["model"])
        optimizer.load_state_dict(checkpoint["optimizer"])
    for inputs, targets in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(inputs), targets).backward()
        optimizer.step()
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, "plain/checkpoint.pth")
