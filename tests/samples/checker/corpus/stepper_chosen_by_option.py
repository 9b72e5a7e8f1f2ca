# seen in: trajectory-prediction scripts (NMMP) that pick the epoch function by an option (iter_fn =
# nmp_iter_one_epoch or iter_one_epoch, each stepping the script's global optimizer) and step the StepLR at the top
# of train(epoch), before iter_fn runs the first optimizer.step(): the pre-1.1 order, which warns and skips the
# schedule's first value. A name also bound to an evaluation function is not known to step.
import torch
import torch.nn as nn

model = nn.Linear(4, 2)
optimizer = torch.optim.Adam(model.parameters())
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.5)
use_nmp = True


def nmp_iter_one_epoch(loader, epoch):
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def iter_one_epoch(loader, epoch):
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.l1_loss(model(x), y).backward()
        optimizer.step()


def evaluate_epoch(loader, epoch):
    with torch.no_grad():
        return sum(float(model(x).sum()) for x, _ in loader)


def train(epoch, loader):
    if use_nmp:
        iter_fn = nmp_iter_one_epoch
    else:
        iter_fn = iter_one_epoch
    scheduler.step()  # finding: scheduler-step-before-optimizer
    iter_fn(loader, epoch)


def run(epoch, loader, evaluating):
    run_fn = evaluate_epoch if evaluating else iter_one_epoch
    scheduler.step()
    run_fn(loader, epoch)
