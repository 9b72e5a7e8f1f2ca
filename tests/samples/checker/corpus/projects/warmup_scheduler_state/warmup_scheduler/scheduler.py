# seen in: a SalsaNext-style warm-up scheduler module: it builds the CyclicLR it steps during warm-up itself and keeps
# it on the instance, so the state dict its trainer saves holds that scheduler object
import torch.optim.lr_scheduler as toptim


class WarmupLR(toptim._LRScheduler):
    def __init__(self, optimizer, lr, warmup_steps):
        self.initial_scheduler = toptim.CyclicLR(optimizer, base_lr=0, max_lr=lr, step_size_up=warmup_steps,
                                                 cycle_momentum=False)
        super().__init__(optimizer)

    def get_lr(self):
        return self.initial_scheduler.get_last_lr()
