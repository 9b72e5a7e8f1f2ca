import torch
from torch.profiler import ProfilerActivity, profile

with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    torch.ones(4) @ torch.ones(4)
print(prof.key_averages().table(row_limit=5))
