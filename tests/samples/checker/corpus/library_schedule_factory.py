# seen in: fine-tuning scripts that build their scheduler with transformers' get_linear_schedule_with_warmup (a
# torch LambdaLR) and log scheduler.get_lr()[0] (CodeBERT's run_classifier.py); a test stepping a numbered
# scheduler with the epoch (lightning-flash's scheduler1.step(epoch)). Another library's scheduler factory (timm's
# create_scheduler) builds its own class, whose get_lr/step take other arguments: not reported.
import torch
import transformers
from timm.scheduler import create_scheduler
from transformers import get_linear_schedule_with_warmup


def train(model, loader, args):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scheduler = get_linear_schedule_with_warmup(optimizer, args.warmup_steps, args.total)
    sched = transformers.get_cosine_schedule_with_warmup(optimizer, 10, args.total)
    timm_sched, _ = create_scheduler(args, optimizer)
    for step, batch in enumerate(loader):
        model(batch).backward()
        optimizer.step()
        scheduler.step()
        sched.step()
        print(scheduler.get_lr()[0])  # finding: scheduler-get-lr
        print(sched.get_lr())  # finding: scheduler-get-lr
        print(timm_sched.get_lr())


def schedule_test(scheduler1, epochs):
    for epoch in range(epochs):
        scheduler1.step(epoch)  # finding: scheduler-step-epoch
