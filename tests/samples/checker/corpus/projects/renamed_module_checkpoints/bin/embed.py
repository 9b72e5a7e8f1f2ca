import argparse

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--model_path")
args = parser.parse_args()
model = nn.Linear(2, 2)
# either the encoder's plain file or the pickled format, both as near: no telling which
model.load_state_dict(torch.load(args.model_path)["model"])
