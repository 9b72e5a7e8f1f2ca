# the script hands the schedule to its batch loop, which steps it before the optimizer: the project's own
# step() runs, and torch has nothing to warn about
import torch

from schedule import OneCycleSchedule


def train(loader, model, optimizer, scheduler):
    for batch in loader:
        model.zero_grad()
        model(batch).backward()
        if scheduler is not None:
            scheduler.step()
        optimizer.step()


def main(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
    scheduler = None
    if epochs > 1:
        scheduler = OneCycleSchedule(optimizer, 3e-4, len(loader) * epochs)
    for _ in range(epochs):
        train(loader, model, optimizer, scheduler)
