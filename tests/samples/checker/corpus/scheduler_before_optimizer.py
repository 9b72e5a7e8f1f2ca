# Seen in meetshah1995/pytorch-semseg train.py (scheduler stepped at the top of each batch) and in
# weiaicunzai/pytorch-cifar100 lr_finder.py; the clean look-alikes are the usual post-1.1 orders.
import torch
from torch.optim import lr_scheduler


def train_scheduler_first(model, loader, optimizer, scheduler, loss_fn, iters):
    i = 0
    while i <= iters:
        for images, labels in loader:
            i += 1
            scheduler.step()  # finding: scheduler-step-before-optimizer
            optimizer.zero_grad()
            loss_fn(model(images), labels).backward()
            optimizer.step()


def train_epoch_top(model, loader, optimizer, epochs):
    lr_sched = lr_scheduler.StepLR(optimizer, step_size=30)
    for epoch in range(epochs):
        lr_sched.step()  # finding: scheduler-step-before-optimizer
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def train_epoch_end(model, loader, optimizer, epochs):
    scheduler = lr_scheduler.StepLR(optimizer, step_size=30)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
        scheduler.step()


def train_warmup_per_batch(model, loader, optimizer, warmup_scheduler, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
            warmup_scheduler.step()


def train_conditional(model, loader, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        if epoch > 0:
            scheduler.step()
        for x, y in loader:
            optimizer.step()


def train_custom_scheduler(model, loader, optimizer, lr_scheduler, epochs):
    for epoch in range(epochs):
        lr_scheduler.step(cur_epoch=epoch, cur_step=0)  # another library's scheduler: torch's takes one epoch
        for x, y in loader:
            optimizer.step()


def train_after_warmup(model, loader, optimizer, scheduler, epochs):
    for x, y in loader:
        optimizer.step()
    for epoch in range(epochs):
        scheduler.step()
        for x, y in loader:
            optimizer.step()


class Trainer:  # the EDSR/RCAN trainer: each epoch's train() steps the scheduler first, then the batch loop
    def __init__(self, model, loader, optimizer):
        self.model, self.loader, self.optimizer = model, loader, optimizer
        self.scheduler = lr_scheduler.StepLR(optimizer, step_size=200)

    def train(self):
        self.scheduler.step()  # finding: scheduler-step-before-optimizer
        for x, y in self.loader:
            self.optimizer.zero_grad()
            self.model(x).sum().backward()
            self.optimizer.step()

    def end_epoch(self):
        self.scheduler.step()  # no optimizer step after it here: this method runs after the batches


def step_then_log(scheduler, optimizer, log):
    scheduler.step()
    log(optimizer.param_groups[0]["lr"])


def train_with_layer_one(model, loader, optimizer, layer_one_optimizer, train_one_epoch, epochs):
    # seen in: adversarial-training loops with a second scheduler named after its optimizer; stepping it is not
    # an optimizer step, and the epoch's optimizer steps happen inside the helper, before both schedulers
    lr_scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30])
    layer_one_optimizer_lr_scheduler = torch.optim.lr_scheduler.MultiStepLR(layer_one_optimizer, milestones=[30])
    for epoch in range(epochs):
        train_one_epoch(model, loader, optimizer)
        lr_scheduler.step()
        layer_one_optimizer_lr_scheduler.step()
