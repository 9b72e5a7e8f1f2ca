# seen in: torch_DCEC's trainers, which take their schedulers and optimizers as lists and step schedulers[0] at the top
# of each epoch, before the batch loop steps optimizers[0]; stepping the element after the loop stays quiet
import torch


def train_model(model, loader, criterion, optimizers, schedulers, epochs):
    for epoch in range(epochs):
        schedulers[0].step()  # finding: scheduler-step-before-optimizer
        for inputs, _ in loader:
            optimizers[0].zero_grad()
            loss = criterion(model(inputs), inputs)
            loss.backward()
            optimizers[0].step()


def pretrain(model, loader, criterion, optimizers, schedulers, epochs):
    for epoch in range(epochs):
        for inputs, _ in loader:
            optimizers[1].zero_grad()
            loss = criterion(model(inputs), inputs)
            loss.backward()
            optimizers[1].step()
        schedulers[1].step()
