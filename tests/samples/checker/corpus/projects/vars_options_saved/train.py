# seen in: relation-extraction trainers whose options are vars(args), a plain dict, saved as 'config' beside the
# state dicts by a helper module that only sees a parameter named opt: the checkpoint loads under weights_only
import argparse

import torch

from utils import torch_utils

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.1)
args = parser.parse_args()
opt = vars(args)
model = torch.nn.Linear(2, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=opt["lr"])
torch_utils.save(model, optimizer, opt, "best_model.pt")
