# seen in: open-instruct's OLMo-core train modules (a parameter annotated with OLMo-core's own Scheduler)
import torch
from olmo_core.optim.scheduler import Scheduler
from olmo_core.train.train_module import TransformerTrainModule


class DPOTrainModule(TransformerTrainModule):
    def __init__(self, model, optim, scheduler: Scheduler | None = None):
        super().__init__(model=model, optim=optim, scheduler=scheduler)

    def step(self, initial_lr, max_steps):
        return self.scheduler.get_lr(initial_lr, self.trainer.global_step, max_steps)


class StoredTrainModule:
    def __init__(self, scheduler: Scheduler):
        self.scheduler = scheduler

    def rate(self):
        return self.scheduler.get_lr()


class TorchTrainModule:
    def __init__(self, optimizer):
        self.scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 2)

    def rate(self):
        return self.scheduler.get_lr()  # finding: scheduler-get-lr
