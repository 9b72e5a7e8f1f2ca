# expect: migrations-and-security#lrscheduler-verbose-argument-removed
import torch
from torch.optim.lr_scheduler import ReduceLROnPlateau, StepLR

opt = torch.optim.SGD(torch.nn.Linear(2, 2).parameters(), lr=0.1)
sched = StepLR(opt, step_size=10, verbose=True)
plateau = ReduceLROnPlateau(opt, verbose=True)
