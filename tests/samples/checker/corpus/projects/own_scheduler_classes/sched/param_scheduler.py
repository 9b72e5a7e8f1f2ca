# seen in: mmengine's optim/scheduler: its own parameter schedulers, no torch base, and a file that imports no torch
import warnings


class _ParamScheduler:
    def __init__(self, optimizer, param_name, last_step=-1):
        self.optimizer = optimizer
        self.param_name = param_name
        self.last_step = last_step
        self._global_step = 0

    def step(self):
        if self._global_step == 1 and not getattr(self.optimizer, "_opt_called", False):
            warnings.warn("the project's own warning about the order")
        self._global_step += 1


class StepParamScheduler(_ParamScheduler):
    def __init__(self, optimizer, param_name, step_size, gamma=0.1, last_step=-1):
        self.step_size, self.gamma = step_size, gamma
        super().__init__(optimizer, param_name, last_step)
