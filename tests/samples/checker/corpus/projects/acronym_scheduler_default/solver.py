# seen in: a distillation toolkit whose solver defaults to its own ALRS schedule (an acronym, no "LR" word) and
# steps it with the epoch's loss and number, which a torch scheduler would answer with the epoch warning
import torch

from scheduler import ALRS


class Solver:
    def __init__(self, student, optimizer=None, scheduler=None):
        self.student = student
        self.optimizer = optimizer if optimizer is not None else torch.optim.SGD(student.parameters(), lr=0.1)
        self.scheduler = scheduler if scheduler is not None else ALRS(self.optimizer)

    def train(self, loader, epochs):
        for epoch in range(epochs):
            train_loss = 0.0
            for x, y in loader:
                loss = torch.nn.functional.cross_entropy(self.student(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                train_loss += loss.item()
            self.scheduler.step(train_loss, epoch)
