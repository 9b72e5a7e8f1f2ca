# expect: platforms-extensions-and-runtime#profiler-event-metadata-accessors
import torch.autograd.profiler as prof

events = prof.load_nvprof("trace.nvvp")
