# seen in: a script that edits the trainer's checkpoint in place (reads 'state_dict', saves the whole dict back)
import sys

import torch

ckpt = torch.load(sys.argv[1], map_location="cpu")  # finding: torch-load-lightning-checkpoint
ckpt["state_dict"].pop("model.spk_embed.weight", None)
torch.save(ckpt, sys.argv[2])
