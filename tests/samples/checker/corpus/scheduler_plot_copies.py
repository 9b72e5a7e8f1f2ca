# seen in: YOLOv5/YOLOv7 forks' utils/plots.py: plot_lr_scheduler steps a shallow copy of the scheduler over every
# epoch without an optimizer step; the copy keeps the original optimizer, so its first step warns
from copy import copy

import matplotlib.pyplot as plt
import torch


def plot_lr_scheduler(optimizer, scheduler, epochs=300):
    optimizer, scheduler = copy(optimizer), copy(scheduler)  # do not modify originals
    y = []
    for _ in range(epochs):
        scheduler.step()  # finding: scheduler-step-before-optimizer
        y.append(optimizer.param_groups[0]['lr'])
    plt.plot(y, '.-', label='LR')


def train_copy(optimizer, scheduler, loader, model):
    optimizer, scheduler = copy(optimizer), copy(scheduler)
    for batch in loader:
        model(batch).backward()
        optimizer.step()
        scheduler.step()
