# seen in: a point-cloud GCN repo's example trainers (deep_gcns_torch): the StepLR is handed to a checkpoint helper
# of the repo's utils/ (reached through a sys.path insert, so its module looks like another library's) and taken
# back; a scheduler a library builds (timm's create_scheduler) stays that library's
import torch
from timm.scheduler import create_scheduler

from utils.ckpt_util import load_pretrained_optimizer


def main(opt, model):
    optimizer = torch.optim.Adam(model.parameters(), lr=opt.lr)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, opt.lr_adjust_freq, opt.lr_decay_rate)
    optimizer, scheduler, opt.lr = load_pretrained_optimizer(opt.pretrained_model, optimizer, scheduler, opt.lr)
    for _ in range(opt.total_epochs):
        optimizer.step()
        scheduler.step()
        print({"lr": scheduler.get_lr()[0]})  # finding: scheduler-get-lr


def timm_main(args, optimizer):
    lr_sched, epochs = create_scheduler(args, optimizer)
    for epoch in range(epochs):
        optimizer.step()
        lr_sched.step(epoch)
        print(lr_sched.get_lr())
