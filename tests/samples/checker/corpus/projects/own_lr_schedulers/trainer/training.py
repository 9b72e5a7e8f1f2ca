# seen in: joeynmt's training loop: "step" schedulers are its own, "epoch" ones torch's
import torch

from trainer.schedulers import build_scheduler


class TrainManager:
    def __init__(self, optimizer, kind):
        self.scheduler, self.scheduler_step_at = build_scheduler(kind, optimizer)
        self.steps = 0

    def train(self, epochs, batches):
        for epoch_no in range(epochs):
            if self.scheduler_step_at == "epoch":
                self.scheduler.step(epoch=epoch_no)  # finding: scheduler-step-epoch
            for _ in batches:
                self.steps += 1
                if self.scheduler_step_at == "step":
                    self.scheduler.step(self.steps)
