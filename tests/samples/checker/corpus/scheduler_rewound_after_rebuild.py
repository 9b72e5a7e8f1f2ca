# seen in: iterative magnitude pruning and unlearning scripts (2021-2023): after each pruning round the script builds
# a fresh optimizer, then, under the schedule option, a scheduler on it that it rewinds a few epochs before any
# training of the next round; the optimizer has never stepped, so the first rewind step warns
import torch


def prune_rounds(model, loader, args, train):
    optimizer = torch.optim.SGD(model.parameters(), args.lr)
    for state in range(args.pruning_times):
        for epoch in range(args.epochs):
            train(loader, model, optimizer, epoch)
        optimizer = torch.optim.SGD(model.parameters(), args.lr)
        if args.cosine:
            scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, args.epochs)
        else:
            scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[91, 136], gamma=0.1)
        if args.rewind_epoch:
            for _ in range(args.rewind_epoch):
                scheduler.step()  # finding: scheduler-step-before-optimizer

