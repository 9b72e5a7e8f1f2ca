# seen in: a recommender trainer whose per-epoch method opens with `if self.args.enable_lr_schedule:
# self.lr_scheduler.step()` (a run option, one value for the whole run) and then runs the batch loop with
# optimizer.step(): when the option is set, the first epoch warns "Detected call of `lr_scheduler.step()` before
# `optimizer.step()`" on 2.15
import torch


class Trainer:
    def __init__(self, args, model, loader):
        self.args = args
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.Adam(model.parameters())
        if args.enable_lr_schedule:
            self.lr_scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=args.decay_step)

    def train_one_epoch(self, epoch):
        if self.args.enable_lr_schedule:
            self.lr_scheduler.step()  # finding: scheduler-step-before-optimizer
        for batch in self.loader:
            self.optimizer.zero_grad()
            self.model(batch).backward()
            self.optimizer.step()

    def warm_epoch(self, epoch):
        if epoch > self.warmup_epochs:  # first holds after epochs that trained
            self.lr_scheduler.step()
        for batch in self.loader:
            self.model(batch).backward()
            self.optimizer.step()

    def computed_flag(self, epoch):
        if self.should_schedule(epoch):  # a call: its value may change from call to call
            self.lr_scheduler.step()
        for batch in self.loader:
            self.model(batch).backward()
            self.optimizer.step()

    def after_the_update(self, epoch):
        for batch in self.loader:
            self.model(batch).backward()
            self.optimizer.step()
        if self.args.enable_lr_schedule:
            self.lr_scheduler.step()


def fit(args, model, loader, optimizer, scheduler):
    for epoch in range(args.epochs):
        if args.schedule == "step" and not args.no_decay:
            scheduler.step()  # finding: scheduler-step-before-optimizer
        for batch in loader:
            model(batch).backward()
            optimizer.step()
