# expect: migrations-and-security#profiler-event_metadata-and-nvprof-helpers-deprecated
import torch.autograd.profiler as prof

events = prof.load_nvprof("trace.nvvp")
