# seen in: robust-ood-detection's robust_ood_train.py: train(loader, model, optimizer, scheduler) runs the natural or
# the adversarial batch step by --adv, and each branch steps the LambdaLR scheduler before optimizer.step()
import torch


def train(loader, model, criterion, optimizer, scheduler, args):
    for inputs, target in loader:
        if not args.adv:
            loss = criterion(model(inputs), target)
            if args.lr_scheduler == 'cosine_annealing':
                scheduler.step()  # finding: scheduler-step-before-optimizer
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        else:
            loss = criterion(model(inputs + 0.1), target)
            scheduler.step()  # finding: scheduler-step-before-optimizer
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def train_after(loader, model, criterion, optimizer, scheduler, args):
    for inputs, target in loader:
        if args.mixed:
            loss = criterion(model(inputs), target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
        else:
            loss = criterion(model(inputs), target)
            loss.backward()
            optimizer.step()


def train_by_batch(loader, model, criterion, optimizer, scheduler):
    for i, (inputs, target) in enumerate(loader):
        if i % 2 == 0:  # the loop's only optimizer step: the first time the block runs, its order decides
            scheduler.step()  # finding: scheduler-step-before-optimizer
            optimizer.step()
        loss = criterion(model(inputs), target)
        loss.backward()


def main(args, model, loader, criterion):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)
    train(loader, model, criterion, optimizer, scheduler, args)
    train_after(loader, model, criterion, optimizer, scheduler, args)
    train_by_batch(loader, model, criterion, optimizer, scheduler)
