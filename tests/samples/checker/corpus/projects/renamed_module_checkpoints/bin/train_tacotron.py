import argparse

import torch

from speech.models.tacotron import Tacotron
from speech.utils.io import save_checkpoint

parser = argparse.ArgumentParser()
parser.add_argument("--restore_path")
args = parser.parse_args()
model = Tacotron()
optimizer = torch.optim.Adam(model.parameters())
if args.restore_path:
    # imports the writer of the pickled format: its checkpoints, though the encoder's plain save holds these keys too
    checkpoint = torch.load(args.restore_path, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    step = checkpoint["step"]
    scaler_state = checkpoint["scaler"]  # an entry save_checkpoint's **kwargs adds
save_checkpoint(model, optimizer, 0, 2, "checkpoint.pth", scaler=None)
