# seen in: ChocoSGD's distributed runners, whose `scheduler` is the project's own Scheduler(object) whose
# step(optimizer) writes each group's rate itself; torch's LRScheduler.step takes no optimizer. The same loop
# stepping a torch scheduler by its plain step() before the optimizer warns
import torch


def train(model, loader, optimizer, scheduler, criterion):
    for x, y in loader:
        scheduler.step(optimizer)
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_torch(model, loader, criterion):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(optimizer, 10)
    for x, y in loader:
        sched.step()  # finding: scheduler-step-before-optimizer
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
