# the warm-up wrapper of a TTS experiment, two folders down in a tree of experiments without project markers
import numpy as np


class ScheduledOptim:
    def __init__(self, optimizer, hidden_size, warmup_steps):
        self._optimizer = optimizer
        self.init_lr = np.power(hidden_size, -0.5)
        self.warmup_steps = warmup_steps
        self.current_step = 0

    def step_and_update_lr(self):
        self.current_step += 1
        lr = self.init_lr * np.min([np.power(self.current_step, -0.5),
                                    np.power(self.warmup_steps, -1.5) * self.current_step])
        for param_group in self._optimizer.param_groups:
            param_group["lr"] = lr
        self._optimizer.step()

    def zero_grad(self):
        self._optimizer.zero_grad()
