# seen in: a trainer whose only scheduler is a ReduceLROnPlateau, stepped with a value named like a step: its
# metric, whatever it is called (step(metrics)); no scheduler of the file warns on step(x)
import torch


def fit(model, optimizer, loader, epochs):
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer)
    for epoch in range(epochs):
        for batch in loader:
            optimizer.zero_grad()
            model(batch).backward()
            optimizer.step()
        scheduler.step(epoch)
        scheduler.step(model.state["iters"])
