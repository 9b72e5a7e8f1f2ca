# seen in: a segmentation trainer whose batch loop opens with `if <policy is per-iteration>: scheduler.step(...)
# else: scheduler.step(...)` before the forward pass and optimizer.step(): whichever branch runs, the scheduler
# steps first: "Detected call of `lr_scheduler.step()` before `optimizer.step()`" on 2.15
import torch


class SegTrainer:
    def __init__(self, net, config):
        self.net = net
        self.config = config
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda it: 1.0 - it / 1000)

    def train_epoch(self, loader):
        for images, labels in loader:
            if self.config.get("lr", "metric") == "iters":
                self.scheduler.step()  # finding: scheduler-step-before-optimizer
            else:
                self.scheduler.step()  # finding: scheduler-step-before-optimizer
            loss = self.net(images, labels)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()

    def one_branch(self, loader):
        for images, labels in loader:
            if self.config.get("lr", "metric") == "iters":  # may first hold after iterations that trained
                self.scheduler.step()
            else:
                self.config.plus_one("epoch")
            loss = self.net(images, labels)
            loss.backward()
            self.optimizer.step()

    def after_training(self, loader):
        for images, labels in loader:
            loss = self.net(images, labels)
            loss.backward()
            self.optimizer.step()
            if self.config.get("lr", "metric") == "iters":
                self.scheduler.step()
            else:
                self.scheduler.step()


# seen in: a binary-network ImageNet example: a resume fast-forwards the fresh scheduler (first step on a resumed
# run), then each epoch opens with a step in either branch of `if cosine:` (first step on a fresh run); all three warn
def run(model, train_loader, args):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
    if args.scheduler == "cosine":
        lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, args.epochs)
    else:
        lr_scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, [30, 60])
    if args.resume:
        model.load_state_dict(torch.load(args.resume, weights_only=True)["state_dict"])
    if args.start_epoch > 0:
        for _ in range(args.start_epoch):
            lr_scheduler.step()  # finding: scheduler-step-before-optimizer
    for epoch in range(args.start_epoch, args.epochs):
        if args.scheduler == "cosine":
            lr_scheduler.step()  # finding: scheduler-step-before-optimizer
            print("cosine lr", lr_scheduler.get_last_lr())
        else:
            lr_scheduler.step()  # finding: scheduler-step-before-optimizer
        for images, labels in train_loader:
            loss = torch.nn.functional.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
