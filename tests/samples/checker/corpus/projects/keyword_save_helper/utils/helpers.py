import os

import torch


def save_model(kind, step, folder, states):
    torch.save(states, os.path.join(folder, f"model={kind}-step={step}.pth"))
