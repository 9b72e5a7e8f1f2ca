# seen in: an EDSR-derived super-resolution trainer whose scheduler factory resumes the schedule by stepping it
# once before handing it back: that first step is the one torch checks (and warns at); the trainer's later ones are not
import torch.optim.lr_scheduler as lrs


def make_scheduler(args, optimizer):
    scheduler = lrs.StepLR(optimizer, step_size=args.lr_decay, gamma=args.gamma)
    for _ in range(args.start_epoch):
        scheduler.step()  # finding: scheduler-step-before-optimizer
    return scheduler


def make_plain_scheduler(args, optimizer):
    return lrs.StepLR(optimizer, step_size=args.lr_decay, gamma=args.gamma)
