# seen in: a super-resolution tutorial (a-PyTorch-Tutorial-to-Super-Resolution) whose module-level checkpoint path
# is rebound to what torch.load reads from it; the file saves the whole model and optimizer under those keys
import torch
import torch.nn as nn

checkpoint = None  # path to a checkpoint to resume from


class Upscaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 12, 3, padding=1)


def main(epochs):
    global checkpoint
    if checkpoint is None:
        start_epoch, model = 0, Upscaler()
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    else:
        checkpoint = torch.load(checkpoint)  # finding: torch-load-saved-in-project
        start_epoch = checkpoint["epoch"] + 1
        model = checkpoint["model"]
        optimizer = checkpoint["optimizer"]
    for epoch in range(start_epoch, epochs):
        torch.save({"epoch": epoch, "model": model, "optimizer": optimizer}, "checkpoint_upscaler.pth.tar")
