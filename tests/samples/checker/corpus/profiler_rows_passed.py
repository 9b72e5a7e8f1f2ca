# seen in: PyG's torch_profile / save_profile_data (rows of key_averages() sorted by getattr(evt, profile_sort), wrapped in
# EventList and handed to a function of the file that reads e.self_cuda_time_total); rows of an unknown collection and
# getattr on anything that is not a row stay quiet
from contextlib import contextmanager

import torch
from torch.autograd.profiler_util import EventList
from torch.profiler import ProfilerActivity, profile


@contextmanager
def torch_profile(csv_data):
    use_cuda = torch.cuda.is_available()
    p = profile(activities=[ProfilerActivity.CPU])
    with p:
        yield
    if use_cuda:
        profile_sort = 'self_cuda_time_total'
    else:
        profile_sort = 'self_cpu_time_total'
    events = EventList(
        sorted(
            p.key_averages(),
            key=lambda evt: getattr(evt, profile_sort),  # finding: profiler-avg-cuda-time-total
            reverse=True,
        ), use_device="cuda")
    save_profile_data(csv_data, events, use_cuda)
    fine = sorted(p.key_averages(), key=lambda evt: getattr(evt, "self_cpu_time_total"))
    return fine


def save_profile_data(csv_data, events, use_cuda):
    total = sum([event.self_cuda_time_total for event in events]) if use_cuda else 0  # finding: profiler-avg-cuda-time-total
    for e in events[:5]:
        csv_data['SELF CPU'].append(e.self_cpu_time_total)
        if use_cuda:
            csv_data['SELF CUDA'].append(e.self_cuda_time_total / total)  # finding: profiler-avg-cuda-time-total


def unrelated(rows, stats):
    for e in rows:
        print(e.self_cuda_time_total)
    key = "self_cuda_time_total"
    return sorted(stats, key=lambda s: getattr(s, key))
