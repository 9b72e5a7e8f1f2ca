# seen in: a pathology trainer's warm-up schedule on OneCycleLR calling self._format_param (a module function since
# 2.3), BertSum's layer-normalised LSTM cell calling self.check_forward_input (gone after 1.8), a music-captioning
# trainer asking its ReduceLROnPlateau scheduler.is_better (now _is_better), a custom scheduler calling
# self.print_lr (gone with verbose=); a class that defines the member itself, or a file that probes for it, is fine
import torch
from torch.optim.lr_scheduler import OneCycleLR, ReduceLROnPlateau, _LRScheduler


class WarmupSingle(OneCycleLR):
    def __init__(self, optimizer, max_lr, total_steps):
        self.total_steps = total_steps
        self.max_lrs = self._format_param("max_lr", optimizer, max_lr)  # finding: torch-name-gone


class LayerNormLSTMCell(torch.nn.LSTMCell):
    def forward(self, input, hidden=None):
        self.check_forward_input(input)  # finding: torch-name-gone
        return super().forward(input, hidden)


class Printing(_LRScheduler):
    def get_lr(self):
        return list(self.base_lrs)

    def step(self, epoch=None):
        super().step()
        self.print_lr(True, 0, self.base_lrs[0], epoch)  # finding: torch-name-gone


class OwnPrinter(Printing):
    def print_lr(self, *args):
        print(*args)

    def step(self, epoch=None):
        self.print_lr(self.base_lrs)


def train(model, optimizer, val_loss, best):
    scheduler = ReduceLROnPlateau(optimizer)
    if scheduler.is_better(val_loss, best):  # finding: torch-name-gone
        best = val_loss
    if hasattr(scheduler, "_is_better"):
        best = min(best, val_loss)
    return best
