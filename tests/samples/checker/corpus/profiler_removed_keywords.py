# seen in: PyG's torch_profile (EventList(sorted(p.key_averages(), ...), use_cuda=use_cuda)) and xpu_profile
# (torch.autograd.profiler_legacy.profile(use_xpu=True)): TypeError on 2.15; the current keywords stay quiet
from contextlib import contextmanager

import torch
from torch.autograd.profiler_util import EventList
from torch.profiler import ProfilerActivity, profile


@contextmanager
def torch_profile(csv_data, use_cuda):
    p = profile(activities=[ProfilerActivity.CPU])
    with p:
        yield
    events = EventList(  # finding: eventlist-use-cuda
        sorted(p.key_averages(), key=lambda evt: evt.self_cpu_time_total),
        use_cuda=use_cuda)
    kept = EventList(p.key_averages(), use_device="cuda")
    return events, kept


@contextmanager
def xpu_profile():
    with torch.autograd.profiler_legacy.profile(use_xpu=True) as prof:  # finding: profiler-legacy-keywords
        yield
    with torch.autograd.profiler_legacy.profile(use_cuda=True, record_shapes=True):
        pass
    print(prof.key_averages().table(sort_by="self_cpu_time_total"))
