# seen in: NAS search policies (eval-nas) whose epoch loop steps a fresh cosine schedule first and then hands the
# optimizer to the training callable the policy holds (self.train_fn(..., optimizer=optimizer)): the schedule's
# first step comes before any optimizer step.
import torch


class SearchPolicy:
    def __init__(self, train_fn, evaluate_fn):
        self.train_fn, self.evaluate_fn = train_fn, evaluate_fn

    def run(self, model, loader, epochs):
        optimizer = torch.optim.SGD(model.parameters(), lr=0.025, momentum=0.9)
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, float(epochs))
        for epoch in range(epochs):
            scheduler.step()  # finding: scheduler-step-before-optimizer
            self.train_fn(loader, model, optimizer=optimizer, lr=scheduler.get_last_lr()[0])
            self.evaluate_fn(loader, model)

    def evaluate_only(self, model, loader, epochs):
        optimizer = torch.optim.SGD(model.parameters(), lr=0.025)
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, float(epochs))
        for epoch in range(epochs):
            self.train_fn(loader, model, optimizer=optimizer)
            scheduler.step()
