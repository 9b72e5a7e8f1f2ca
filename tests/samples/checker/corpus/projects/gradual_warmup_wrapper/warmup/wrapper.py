# seen in: copies of a popular warm-up wrapper (an _LRScheduler subclass that hands over to another scheduler):
# after the warm-up it passes the epoch on to the wrapped torch scheduler, by position to a ReduceLROnPlateau's
# step(metrics, epoch) too, and in the branch that knows the wrapped one is no plateau; each warns on 2.15
from torch.optim.lr_scheduler import ReduceLROnPlateau, _LRScheduler


class WarmupScheduler(_LRScheduler):
    def __init__(self, optimizer, warm_epochs, then=None):
        self.warm_epochs = warm_epochs
        self.next_scheduler = then
        self.done = False
        super().__init__(optimizer)

    def get_lr(self):
        fraction = min(1.0, self.last_epoch / self.warm_epochs)
        return [base * fraction for base in self.base_lrs]

    def _step_plateau(self, metrics, epoch=None):
        if epoch is None:
            epoch = self.last_epoch + 1
        self.last_epoch = epoch
        if epoch > self.warm_epochs:
            self.next_scheduler.step(metrics, epoch - self.warm_epochs)  # finding: scheduler-step-epoch
            self.next_scheduler.step(metrics, None)

    def step(self, epoch=None, metrics=None):
        if type(self.next_scheduler) != ReduceLROnPlateau:
            if self.done and self.next_scheduler:
                if epoch is None:
                    self.next_scheduler.step(None)
                else:
                    self.next_scheduler.step(epoch - self.warm_epochs)  # finding: scheduler-step-epoch
            else:
                return super().step(epoch)  # callers decide: none passes an epoch here
        else:
            self._step_plateau(metrics, epoch)


class FilledWarmup(_LRScheduler):
    def get_lr(self):
        return self.base_lrs

    def step(self, epoch=None):
        if epoch is None:
            epoch = self.last_epoch + 1
        super().step(epoch)  # finding: scheduler-step-epoch
