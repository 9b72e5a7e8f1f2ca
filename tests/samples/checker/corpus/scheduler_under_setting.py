# seen in: face-recognition training (cavaface) that picks where the schedule steps by an upper-case setting read from
# the config: for any schedule but cosine, the epoch loop steps it before the batch loop steps the optimizer. A test
# on the epoch itself (not a setting) decides per iteration, and stays quiet.
import torch


def train(cfg, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, [10, 20])
    LR_SCHEDULER = cfg["LR_SCHEDULER"]
    for epoch in range(cfg["EPOCHS"]):
        if LR_SCHEDULER != "cosine":
            scheduler.step()  # finding: scheduler-step-before-optimizer
        for inputs, labels in loader:
            optimizer.zero_grad()
            model(inputs).sum().backward()
            optimizer.step()


def train_later(cfg, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, [10, 20])
    for epoch in range(cfg["EPOCHS"]):
        if epoch > 0:
            scheduler.step()
        for inputs, labels in loader:
            optimizer.zero_grad()
            model(inputs).sum().backward()
            optimizer.step()
