# seen in: e3_diffusion_for_molecules' qm9 property prediction (main_qm9_prop.py): one train() for every partition
# opens with `if partition == 'train': lr_scheduler.step()` and steps the optimizer later in its batch loop under the
# same test, so its first training call warns "Detected call of `lr_scheduler.step()` before `optimizer.step()`"
import torch


def train(model, loader, partition="train", optimizer=None, lr_scheduler=None):
    if partition == "train":
        lr_scheduler.step()  # finding: scheduler-step-before-optimizer
    for x, y in loader:
        if partition == "train":
            optimizer.zero_grad()
        loss = (model(x) - y).abs().mean()
        if partition == "train":
            loss.backward()
            optimizer.step()


def train_after_warmup(model, loader, epoch, optimizer, scheduler):
    # the first call (epoch 0) trains without stepping the scheduler: the optimizer has stepped by epoch 1
    if epoch > 0:
        scheduler.step()
    for x, y in loader:
        if epoch > 0:
            optimizer.zero_grad()
        (model(x) - y).abs().mean().backward()
        optimizer.step()


def train_rebound(model, loader, partition, optimizer, scheduler):
    if partition == "train":
        scheduler.step()
    for x, y in loader:
        partition = "train"
        if partition == "train":
            optimizer.step()
