# seen in: CIFAR training scripts copied from pytorch-cifar100 (yuanli2333/Teacher-free-Knowledge-Distillation's
# train_kd.py): `if epoch <= args.warm: warmup_scheduler.step()` opens the batch loop, so in the first epoch the
# warm-up scheduler steps before the first optimizer.step() and torch warns about the order
import torch


def train(model, optimizer, loss_fn, loader, epoch, warmup_scheduler, args):
    for images, labels in loader:
        if epoch <= args.warm:
            warmup_scheduler.step()  # finding: scheduler-step-before-optimizer
        loss = loss_fn(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_kd(model, optimizer, loss_fn, loader, epoch, warmup_scheduler):
    for images, labels in loader:
        if epoch <= 0:
            warmup_scheduler.step()  # finding: scheduler-step-before-optimizer
        loss = loss_fn(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def later_epochs(model, optimizer, loss_fn, loader, epoch, scheduler):
    for images, labels in loader:
        if epoch > 10:
            scheduler.step()  # only after ten epochs of optimizer steps
        loss = loss_fn(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
