# seen in: an image-restoration training script that builds either a warm-up cosine schedule or a StepLR on one
# optimizer and steps it at once, then fast-forwards it on resume: the immediate step is the first, and warns
import torch
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR

model = torch.nn.Linear(4, 4)
optimizer = optim.Adam(model.parameters(), lr=2e-4)
if use_warmup:
    scheduler = optim.lr_scheduler.CosineAnnealingLR(optimizer, 250, eta_min=1e-6)
    scheduler.step()  # finding: scheduler-step-before-optimizer
else:
    scheduler = StepLR(optimizer, step_size=50, gamma=0.5)
    scheduler.step()  # finding: scheduler-step-before-optimizer

if resume:
    for i in range(1, start_epoch):
        scheduler.step()

for epoch in range(start_epoch, 250):
    optimizer.step()
    scheduler.step()
