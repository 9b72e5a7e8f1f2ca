import argparse

import torch
from torch import nn

from encoder.utils.io import save_checkpoint

parser = argparse.ArgumentParser()
parser.add_argument("--restore_path")
args = parser.parse_args()
model = nn.Linear(2, 2)
optimizer = torch.optim.Adam(model.parameters())
if args.restore_path:
    # the encoder's own plain checkpoint: as near as the pickled format's writer, and this file imports that writer
    checkpoint = torch.load(args.restore_path)
    model.load_state_dict(checkpoint["model"])
    step = checkpoint["step"]
save_checkpoint(model, optimizer, 0, "encoder.pth")
