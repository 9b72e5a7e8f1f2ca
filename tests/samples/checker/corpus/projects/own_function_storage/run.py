# seen in: NVIDIA semantic-segmentation's train.py (optim, scheduler = get_optimizer(args, net), from the project's
# own loss/optimizer.py, then scheduler.step(args.start_epoch)): the project's helper, not another library's
import torch
from graphpkg.optim import get_optimizer
from timm.scheduler import create_scheduler


def main(args, net):
    optim, scheduler = get_optimizer(net)
    if args.start_epoch != 0:
        scheduler.step(args.start_epoch)  # finding: scheduler-step-epoch
    other_scheduler, _ = create_scheduler(args, optim)
    other_scheduler.step(args.start_epoch)  # timm's scheduler takes the epoch
