# seen in: a FLOPs profiler that swaps torch.nn.functional callables for counting wrappers and puts the
# originals back afterwards (DeepSpeed's flops_profiler); a call of the deprecated function still warns
import torch.nn.functional as F

saved = {}


def counting(func):
    saved[func.__str__] = func

    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    wrapper.__str__ = func.__str__
    return wrapper


def patch_functionals():
    F.upsample = counting(F.upsample)
    F.interpolate = counting(F.interpolate)


def restore_functionals():
    F.upsample = saved[F.upsample.__str__]
    F.interpolate = saved[F.interpolate.__str__]


def model_forward(x):
    return F.upsample(x, scale_factor=2)  # finding: functional-upsample
