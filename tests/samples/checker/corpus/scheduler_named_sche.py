# seen in: a 2D-to-3D pose lifting trainer handed its MultiStepLR as `sche`, stepped first in each epoch; `sche`
# stepped after the batch loop is the new order
import torch


def train_cascade_stage(model, loader, optim, sche, epochs):
    for epoch in range(epochs):
        sche.step()  # finding: scheduler-step-before-optimizer
        for x, y in loader:
            optim.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optim.step()


def train_new_order(model, loader, optim, sche, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optim.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optim.step()
        sche.step()
