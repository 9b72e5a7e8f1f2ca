# seen in: a library in the src layout (lightning-flash: src/flash/, tests/ beside src/) whose tests step its
# torch _LRScheduler subclass with the epoch; the class is the project's own (under src/), not another library's,
# and has no step() of its own, so torch's LRScheduler.step(epoch) warns
import torch
from flashy.sched import WarmupCosine


def test_warmup(epochs=5):
    optimizer1 = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)
    scheduler1 = WarmupCosine(optimizer1, warmup=2, total=epochs)
    for epoch in range(epochs):
        scheduler1.step(epoch)  # finding: scheduler-step-epoch
