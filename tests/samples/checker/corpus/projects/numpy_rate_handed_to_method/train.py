import torch

from utils.lr_scheduler import PolyScheduler


def train(model, batches, epochs, path, resume=None):
    optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)
    if resume:
        checkpoint = torch.load(resume)  # finding: torch-load-saved-in-project
        optimizer.load_state_dict(checkpoint["optim_dict"])
    schedule = PolyScheduler(2e-4, epochs)
    for epoch in range(epochs):
        schedule(optimizer, epoch)
        for x, y in batches:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        torch.save({"epoch": epoch, "state_dict": model.state_dict(), "optim_dict": optimizer.state_dict()}, path)
