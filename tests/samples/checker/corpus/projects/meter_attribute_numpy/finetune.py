import torch

from utils import RunningMeter


def evaluate(model, loader):
    meter = RunningMeter()
    with torch.no_grad():
        for clips, labels in loader:
            meter.update((model(clips).argmax(1) == labels).float().mean().item())
    return meter.avg


def finetune(model, loader, epochs, resume):
    best = 0.0
    if resume:
        state = torch.load(resume)
        model.load_state_dict(state["model"])
        best = state["best"]
    for epoch in range(epochs):
        best = max(evaluate(model, loader), best)
        torch.save({"model": model.state_dict(), "best": best}, "finetune_last.pth")
