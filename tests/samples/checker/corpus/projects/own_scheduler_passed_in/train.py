import torch


def train(loader, model, optimizer, lr_scheduler):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
        lr_scheduler.step()
        print("lr:", lr_scheduler.get_lr()[0])  # finding: scheduler-get-lr


def main(loader, model):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=1000)
    train(loader, model, optimizer, lr_scheduler)
