import torch

from optimizer import ScheduledOptim


def train(model, batches, path, steps):
    optimizer = ScheduledOptim(torch.optim.Adam(model.parameters(), betas=(0.9, 0.98)), 256, 4000)
    for step, (inputs, targets) in enumerate(batches, 1):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(inputs), targets).backward()
        optimizer.step_and_update_lr()
        if step == steps:
            torch.save({"model": model.state_dict(), "optimizer": optimizer._optimizer.state_dict()}, path)
