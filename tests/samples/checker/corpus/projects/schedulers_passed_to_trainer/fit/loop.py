# the trainer only receives its schedulers: what the launcher builds under each name tells their classes
import torch


class Loop:
    def __init__(self, model, optimizer, main_sched, warmup_sched=None, hold_sched=None, bn_sched=None):
        self.model, self.optimizer, self.main_sched, self.bn_sched = model, optimizer, main_sched, bn_sched
        self.warmup_sched = warmup_sched
        self.hold_sched = hold_sched

    def rates(self, warming):
        if warming and self.warmup_sched is not None:
            return self.warmup_sched.get_lr()[0]
        if self.hold_sched is not None:
            return self.hold_sched.get_lr()[0]  # finding: scheduler-get-lr
        return self.main_sched.get_lr()[0]  # finding: scheduler-get-lr

    def warm_up(self, iteration):
        self.bn_sched.step(iteration)
        self.warmup_sched.step(iteration)  # finding: scheduler-step-epoch

    def clip(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
