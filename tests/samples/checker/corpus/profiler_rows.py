# seen in: ClassyVision's summarize_profiler_info (item.cuda_time_total over prof.key_averages()) and profiling
# helpers that read event fields: key_averages() rows lack cuda_time_total since 2.4, events warn on cuda_* reads
import torch


def summarize(prof):
    times = {}
    for item in prof.key_averages():
        times[item.key] = (item.cpu_time_total / 1000.0,
                           item.cuda_time_total / 1000.0)  # finding: profiler-avg-cuda-time-total
    rows = [r.device_time_total for r in prof.key_averages(group_by_input_shape=True)]
    for ev in prof.function_events:
        spent = ev.cuda_time_total  # finding: profiler-event-cuda-fields
    return times, rows, spent


def unrelated(stats):
    for item in stats.values():
        total = item.cuda_time_total  # not a profiler row: no finding
    return total
