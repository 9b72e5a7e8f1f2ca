# the sibling script of the same project, with a step schedule: its own checkpoints hold Python floats
import torch

from utils import save_checkpoint


def main(args, model):
    optimizer = torch.optim.SGD(model.parameters(), args.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[91, 136], gamma=0.1)
    start_epoch = 0
    if args.resume:
        checkpoint = torch.load(args.checkpoint)
        start_epoch = checkpoint["epoch"]
        model.load_state_dict(checkpoint["state_dict"])
        optimizer.load_state_dict(checkpoint["optimizer"])
        scheduler.load_state_dict(checkpoint["scheduler"])
    for epoch in range(start_epoch, args.epochs):
        save_checkpoint({"epoch": epoch + 1, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict(),
                         "scheduler": scheduler.state_dict()}, args.save_dir)
