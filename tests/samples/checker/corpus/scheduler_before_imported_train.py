# seen in: jornpeters/integer_discrete_flows main_experiment.py: the epoch loop steps the scheduler first and then
# calls the training epoch imported from another module of the project, handed the optimizer
import torch

from optimization.training import train, evaluate


def main(model, train_loader, val_loader, args):
    optimizer = torch.optim.Adamax(model.parameters(), lr=args.lr)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda epoch: 0.99 ** epoch)
    for epoch in range(1, args.epochs + 1):
        scheduler.step()  # finding: scheduler-step-before-optimizer
        train(epoch, train_loader, model, optimizer, args)
        evaluate(val_loader, model, args)


def resume(model, val_loader, args, optimizer, scheduler):
    for epoch in range(args.epochs):
        scheduler.step()  # a scheduler built elsewhere, and nothing named for training handed the optimizer: quiet
        evaluate(val_loader, model, args, optimizer)
