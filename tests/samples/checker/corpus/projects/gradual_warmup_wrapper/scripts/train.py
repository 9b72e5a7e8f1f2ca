# a script folder that puts the project root on sys.path, then builds the project's wrapper (a torch subclass)
# and steps it once right away: the wrapper's first step() warns before any optimizer.step()
import os
import sys

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import torch  # noqa: E402
from torch.optim.lr_scheduler import StepLR  # noqa: E402

from warmup import WarmupScheduler  # noqa: E402

use_warmup = len(sys.argv) > 1
model = torch.nn.Linear(4, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
if use_warmup:
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, 50)
    scheduler = WarmupScheduler(optimizer, 3, then=cosine)
    scheduler.step()  # finding: scheduler-step-before-optimizer
else:
    scheduler = StepLR(optimizer, step_size=10)
    scheduler.step()  # finding: scheduler-step-before-optimizer

for epoch in range(5):
    optimizer.step()
    scheduler.step()
