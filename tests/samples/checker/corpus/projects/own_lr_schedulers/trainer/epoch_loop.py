# seen in: a pose-tracking trainer on a timm-derived scheduler of the project's own (step(epoch) at the top of each
# epoch is its interface: it sets the epoch's rate, and torch's step-order check never runs); a torch scheduler
# built here keeps the finding
import torch


def do_train(model, loader, optimizer, scheduler, epochs):
    for epoch in range(1, epochs + 1):
        scheduler.step(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def do_train_torch(model, loader, optimizer, epochs):
    lr_sched = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    for epoch in range(epochs):
        lr_sched.step()  # finding: scheduler-step-before-optimizer
        for x, y in loader:
            optimizer.step()
