# seen in: a captioning trainer (image-captioning-DLCT's train.py): when training switches to self-critical RL, a new
# Adam and a new LambdaLR on it are built and the schedule is caught up to the current epoch by plain steps; the new
# optimizer has never stepped, so the first of those steps warns, although the old optimizer of that name had.
import torch
from torch.optim import Adam
from torch.optim.lr_scheduler import LambdaLR


def train(model, loader, epochs, switch_at):
    optim = Adam(model.parameters(), lr=1)
    scheduler = LambdaLR(optim, lambda e: 0.9 ** e)
    for e in range(epochs):
        for batch in loader:
            optim.zero_grad()
            model(batch).mean().backward()
            optim.step()
        scheduler.step()
        if e == switch_at:
            optim = Adam(model.parameters(), lr=1)
            scheduler = LambdaLR(optim, lambda e: 0.5 ** e)
            for _ in range(e):
                scheduler.step()  # finding: scheduler-step-before-optimizer
