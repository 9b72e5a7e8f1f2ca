# seen in: a toy ODE example that saves its numpy time grid in the checkpoint once, on KeyboardInterrupt, and
# converts it to a tensor only further down, for plotting
import os

import numpy as np
import torch


def make_spirals(n):
    ts = np.linspace(0.0, 1.0, num=n)
    trajs = np.stack((np.cos(ts), np.sin(ts)), axis=1)
    return trajs, ts


def train_once(args, model):
    trajs, ts = make_spirals(100)
    trajs = torch.from_numpy(trajs).float()
    ckpt_path = os.path.join(args.train_dir, "ckpt.pth")
    if os.path.exists(ckpt_path):
        checkpoint = torch.load(ckpt_path)  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["model"])
        ts = checkpoint["ts"]
    try:
        model(trajs)
    except KeyboardInterrupt:
        torch.save({"model": model.state_dict(), "trajs": trajs, "ts": ts}, ckpt_path)
    ts = torch.from_numpy(ts).float()
    return ts

