import torch

from schedules import WarmupCosineLR


def train(loader, model, optimizer, lr_scheduler):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
        lr_scheduler.step()
        if i % 1000 == 0:
            print("cur lr:", lr_scheduler.get_lr()[0])


def main(loader, model):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    lr_scheduler = WarmupCosineLR(optimizer, total=1000, warmup=10)
    train(loader, model, optimizer, lr_scheduler)
