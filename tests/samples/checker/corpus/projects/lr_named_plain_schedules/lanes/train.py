# the loops step the schedules with the global step: the project's own step() runs, and torch warns about nothing
import torch

from gan import LinearLrDecay, train_gan
from schedules import make_schedule


def train(loader, model, optimizer, scheduler):
    for step, (images, labels) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step(step)


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = make_schedule(optimizer, [100, 200])
    decays = (LinearLrDecay(optimizer, 0.1, 0.0, 1000), LinearLrDecay(optimizer, 0.1, 0.0, 1000))
    train(loader, model, optimizer, scheduler)
    train_gan(loader, model, model, [optimizer], decays)
