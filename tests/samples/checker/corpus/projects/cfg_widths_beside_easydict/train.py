"""A licence-plate CRNN keeps its layer widths under "cfg": a list of ints and "M", plain data for weights_only."""
import torch

from config import read_options
from model import PlateNet


def train(options_path, epochs):
    options = read_options(options_path)
    cfg = [16, 16, 32, 32, "M", 64, 64, "M", 96, 96, "M", 128, 256]
    model = PlateNet(num_classes=options.num_classes, cfg=cfg)
    if options.resume:
        checkpoint = torch.load(options.resume)
        model.load_state_dict(checkpoint["state_dict"])
    for epoch in range(epochs):
        torch.save({"cfg": cfg, "state_dict": model.state_dict(), "epoch": epoch}, f"checkpoint_{epoch}.pth")
