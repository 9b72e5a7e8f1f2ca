"""A video SSL trainer keeps its best accuracy as max() of what validate() returns: a meter's np.average window in one
script (its resume load is refused: "Unsupported global: GLOBAL numpy._core.multiarray.scalar"), a plain running
mean in the other."""
import torch

from utils import AverageMeter, RunningMeter


def validate(model, loader):
    accuracy = AverageMeter()
    with torch.no_grad():
        for clips, labels in loader:
            accuracy.update((model(clips).argmax(1) == labels).float().mean().item())
    return accuracy.local_avg


def train(model, loader, epochs, resume):
    best_acc = 0
    if resume:
        checkpoint = torch.load(resume)  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["state_dict"])
        best_acc = checkpoint["best_acc"]
    for epoch in range(epochs):
        val_acc = validate(model, loader)
        best_acc = max(val_acc, best_acc)
        torch.save({"epoch": epoch, "state_dict": model.state_dict(), "best_acc": best_acc}, "dpc_last.pth.tar")
