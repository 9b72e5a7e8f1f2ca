# expect: platforms-extensions-and-runtime#eventlistuse_cuda-and-the-legacy-profilers-keywords
import torch
from torch.autograd.profiler_util import EventList


def top(prof):
    return EventList(sorted(prof.key_averages(), key=lambda e: e.self_cpu_time_total), use_cuda=True)


def profile_xpu(fn):
    with torch.autograd.profiler_legacy.profile(use_xpu=True) as prof:
        fn()
    return prof
