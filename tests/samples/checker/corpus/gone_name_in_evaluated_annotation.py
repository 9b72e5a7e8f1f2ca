# seen in: PowerSGD's paper code, whose communication hooks annotate their bucket with dist._GradBucket, a name gone
# since 1.9: a parameter's annotation is evaluated when the def runs; a file that postpones annotations would not
# evaluate it, and a local variable's annotation is never evaluated
import torch
import torch.distributed as dist
from torch.nn import functional as F


def allreduce_hook(state, bucket: dist._GradBucket) -> torch.futures.Future:  # finding: torch-name-gone
    tensor = bucket.get_tensor()
    return dist.all_reduce(tensor, async_op=True).get_future()


def pooled(x):
    window: dist._GradBucket = None
    return F.avg_pool2d(x, 2), window
