# seen in: a molecule-generation benchmark's trainers (moses): each epoch steps the StepLRs first, then a method of
# the trainer runs the batch loop that steps the optimizers; a dict of schedulers stepped in a loop counts as well.
# A BERT fine-tuning trainer steps its scheduler first inside the gradient-accumulation block.
import torch


class CharTrainer:
    def _train_epoch(self, model, loader, optimizer=None):
        for batch in loader:
            loss = model(batch)
            if optimizer is not None:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()

    def fit(self, model, loader, epochs):
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10, 0.5)
        for epoch in range(epochs):
            scheduler.step()  # finding: scheduler-step-before-optimizer
            self._train_epoch(model, loader, optimizer)


class AdversarialTrainer:
    def _run_epoch(self, model, loader, optimizers):
        for batch in loader:
            for optimizer in optimizers.values():
                optimizer.zero_grad()
            model(batch).backward()
            for optimizer in optimizers.values():
                optimizer.step()

    def fit(self, model, loader, epochs):
        optimizers = {"generator": torch.optim.Adam(model.generator.parameters()),
                      "critic": torch.optim.Adam(model.critic.parameters())}
        schedulers = {name: torch.optim.lr_scheduler.StepLR(optimizer, 5)
                      for name, optimizer in optimizers.items()}
        for epoch in range(epochs):
            for scheduler in schedulers.values():
                scheduler.step()  # finding: scheduler-step-before-optimizer
            self._run_epoch(model, loader, optimizers)

    def fit_by_name(self, model, loader, epochs):
        # seen in: a long-tailed recognition trainer (LADE's run_networks.py) stepping a dict of schedulers by item
        optimizers = {"net": torch.optim.SGD(model.parameters(), lr=0.1)}
        scheduler_dict = {name: torch.optim.lr_scheduler.StepLR(optimizer, 5) for name, optimizer in optimizers.items()}
        for epoch in range(epochs):
            for name, scheduler in scheduler_dict.items():
                scheduler.step()  # finding: scheduler-step-before-optimizer
            self._run_epoch(model, loader, optimizers)


class AccumulatingTrainer:
    def train_epoch(self, loader, accumulation):
        for step, batch in enumerate(loader):
            self.model(batch).backward()
            if (step + 1) % accumulation == 0:
                self.scheduler.step()  # finding: scheduler-step-before-optimizer
                self.optimizer.step()
                self.optimizer.zero_grad()

    def train_epoch_in_order(self, loader, accumulation):
        for step, batch in enumerate(loader):
            self.model(batch).backward()
            if (step + 1) % accumulation == 0:
                self.optimizer.step()
                self.lr_scheduler.step()
                self.optimizer.zero_grad()


# POMO's trainers: the epoch method runs a batch method, which steps the optimizer (two methods down)
class RouteTrainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())
        self.scheduler = torch.optim.lr_scheduler.MultiStepLR(self.optimizer, milestones=[100])

    def run(self, epochs):
        for epoch in range(epochs):
            self.scheduler.step()  # finding: scheduler-step-before-optimizer
            self._train_one_epoch(epoch)

    def _train_one_epoch(self, epoch):
        for batch in range(10):
            self._train_one_batch(batch)

    def _train_one_batch(self, batch):
        loss = self.model(batch)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
