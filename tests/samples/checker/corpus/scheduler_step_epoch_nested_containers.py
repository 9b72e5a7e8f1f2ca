# seen in: a multi-patch deblurring network (DMPHN's SDNet scripts) keeping one StepLR per stage and level in a dict of
# dicts: stepping each with the epoch warns as a plainly named scheduler does.
import torch
from torch.optim.lr_scheduler import StepLR


def train(models, epochs):
    scheduler = {}
    for s in ("s1", "s2"):
        scheduler[s] = {}
        for lv in ("lv1", "lv2"):
            optimizer = torch.optim.Adam(models[s][lv].parameters(), lr=1e-4)
            scheduler[s][lv] = StepLR(optimizer, step_size=1000, gamma=0.1)
    for epoch in range(epochs):
        for s in ("s1", "s2"):
            for lv in ("lv1", "lv2"):
                scheduler[s][lv].step(epoch)  # finding: scheduler-step-epoch
