# seen in: WenmuZhou/PAN.pytorch utils/schedulers.py and jixiaozhong/RealSR codes/models/lr_scheduler.py: a
# __main__ demo that plots the file's own _LRScheduler subclasses (torch's step() runs on them) and never steps
# the optimizer: the first scheduler.step() warns "Detected call of `lr_scheduler.step()` before `optimizer.step()`"
import torch
from torch.optim.lr_scheduler import _LRScheduler


class PolynomialLR(_LRScheduler):
    def __init__(self, optimizer, max_iter, power=0.9, last_epoch=-1):
        self.max_iter, self.power = max_iter, power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base * (1 - self.last_epoch / self.max_iter) ** self.power for base in self.base_lrs]


if __name__ == "__main__":
    op = torch.optim.SGD([torch.zeros(2, requires_grad=True)], 0.1)
    sc = PolynomialLR(op, 100)
    for i in range(100):
        sc.step()  # finding: scheduler-step-before-optimizer
        print(i, sc.get_last_lr())
    optimizer = torch.optim.Adam([torch.zeros(3, requires_grad=True)], lr=1e-3)
    scheduler = PolynomialLR(optimizer, 10)  # a first schedule, built and never stepped
    scheduler = PolynomialLR(optimizer, 20, power=2.0)
    for i in range(20):
        scheduler.step()  # finding: scheduler-step-before-optimizer
        lr = optimizer.param_groups[0]["lr"]
