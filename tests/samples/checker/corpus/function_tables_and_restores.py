# seen in: a FLOPs counter (ptflops) that keeps its hooks in a table keyed by torch.nn.functional callables, wraps
# each one with its hook looked up in that table and later restores the original kept on the wrapper; nothing of
# that calls the deprecated function, a plain call still warns
import torch.nn.functional as F


def count_resize(flops, *args, **kwargs):
    return flops


HOOKS = {
    F.interpolate: count_resize,
    F.upsample: count_resize,
}


class Counted:
    def __init__(self, op, hook):
        self.op = op
        self.hook = hook

    def __call__(self, *args, **kwargs):
        return self.op(*args, **kwargs)


def patch():
    F.upsample = Counted(F.upsample, HOOKS[F.upsample])


def unpatch():
    F.upsample = F.upsample.op


def enlarge(x):
    return F.upsample(x, scale_factor=2)  # finding: functional-upsample
