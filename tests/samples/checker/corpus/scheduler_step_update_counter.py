# seen in: an RL library's auxiliary-loss algorithms: a counter of gradient updates kept on self and handed to
# the auxiliary scheduler's step() on each update (LambdaLR or CosineAnnealingLR); step(counter) is step(epoch)
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR


class AuxAlgo:
    def initialize(self, params, n_updates):
        self.aux_optimizer = torch.optim.Adam(params, lr=1e-3)
        self.aux_lr_scheduler = CosineAnnealingLR(self.aux_optimizer, T_max=n_updates)
        self.aux_update_counter = 0
        self.num_updates = 0

    def aux_optimize(self, n):
        for _ in range(n):
            self.aux_update_counter += 1
            self.aux_optimizer.step()
            self.aux_lr_scheduler.step(self.aux_update_counter)  # finding: scheduler-step-epoch

    def other(self, num_updates, loss_count):
        self.aux_lr_scheduler.step(num_updates)  # finding: scheduler-step-epoch
        self.aux_lr_scheduler.step(loss_count)  # finding: scheduler-step-epoch
        self.aux_lr_scheduler.step()
