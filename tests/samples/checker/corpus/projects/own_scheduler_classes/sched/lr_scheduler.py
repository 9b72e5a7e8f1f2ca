# seen in: mmengine's lr_scheduler.py: the learning-rate classes mix a parameter scheduler into a named class
from .param_scheduler import StepParamScheduler


class LRSchedulerMixin:
    def __init__(self, optimizer, *args, **kwargs):
        super().__init__(optimizer, "lr", *args, **kwargs)


class StepLR(LRSchedulerMixin, StepParamScheduler):
    @classmethod
    def build_iter_from_epoch(cls, *args, epoch_length=None, **kwargs):
        return cls(*args, **kwargs)
