# seen in: photometric-stereo trainers whose epoch loop steps the MultiStepLR first and then calls the training
# function of an imported module, handing it the optimizer; an evaluation call handed no optimizer steps nothing
import torch

import train_utils
import test_utils


def main(args, model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = train_utils.make_scheduler(args, optimizer)
    for epoch in range(args.epochs):
        scheduler.step()  # finding: scheduler-step-before-optimizer
        train_utils.train(args, loader, model, optimizer, epoch)


def evaluate(args, model, loader, optimizer, scheduler):
    for epoch in range(args.epochs):
        scheduler.step()
        test_utils.test(args, loader, model, epoch)
