import torch

from warmup_scheduler import WarmupLR


def main(model, resume):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = WarmupLR(optimizer, lr=0.1, warmup_steps=100)
    if resume:
        state = torch.load("checkpoint.pth")  # finding: torch-load-saved-in-project
        model.load_state_dict(state["model"])
        scheduler.load_state_dict(state["scheduler"])
    for epoch in range(3):
        optimizer.step()
        scheduler.step()
        torch.save({"model": model.state_dict(), "scheduler": scheduler.state_dict()}, "checkpoint.pth")
