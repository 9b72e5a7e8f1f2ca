# expect: platforms-extensions-and-runtime#eventlist-and-profiler_legacyprofile-refuse-some-keywords
import torch
from torch.autograd.profiler_util import EventList


def top(prof):
    return EventList(sorted(prof.key_averages(), key=lambda e: e.self_cpu_time_total), use_cuda=True)


def profile_xpu(fn):
    with torch.autograd.profiler_legacy.profile(use_xpu=True) as prof:
        fn()
    return prof
