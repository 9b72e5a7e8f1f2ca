# seen in: pruning and unlearning experiments (2021-2023) whose ImageNet branch warms up and anneals the rate with a
# LambdaLR over np.cos: the factor is an np.float64, so are the param groups' rates, and the saved optimizer state
import numpy as np
import torch

from utils import save_checkpoint


def main(args, model):
    optimizer = torch.optim.SGD(model.parameters(), args.lr, momentum=0.9)
    if args.imagenet_arch:
        warmup = lambda step: (step + 1) / args.warmup if step < args.warmup else 0.5 * (
            1.0 + np.cos(np.pi * (step - args.warmup) / (args.epochs - args.warmup)))
        scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda=warmup)
    else:
        scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[91, 136], gamma=0.1)
    start_epoch = 0
    if args.resume:
        checkpoint = torch.load(args.checkpoint)  # finding: torch-load-saved-in-project
        start_epoch = checkpoint["epoch"]
        model.load_state_dict(checkpoint["state_dict"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        scheduler.load_state_dict(checkpoint["scheduler"])
    for epoch in range(start_epoch, args.epochs):
        save_checkpoint({"epoch": epoch + 1, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict(),
                         "scheduler": scheduler.state_dict()}, args.save_dir)
