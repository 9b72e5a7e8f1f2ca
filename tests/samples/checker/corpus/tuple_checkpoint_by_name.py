# seen in: antibody design trainers (RefineGNN) that bind the checkpoint tuple (state dict, optimizer state, args)
# to a name before saving it, and unpack the three items on --load_model: the argparse Namespace in the tuple is
# refused by the weights_only load of 2.6+. A tuple of state dicts alone loads.
import argparse
import os

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--load_model", default=None)
parser.add_argument("--save_dir", default="ckpts")
args = parser.parse_args()

model = torch.nn.Linear(4, 4)
optimizer = torch.optim.Adam(model.parameters())
if args.load_model:
    model_ckpt, opt_ckpt, model_args = torch.load(args.load_model)  # finding: torch-load-saved-in-project
    model.load_state_dict(model_ckpt)
    optimizer.load_state_dict(opt_ckpt)
    states, moments = torch.load(os.path.join(args.save_dir, "weights.pt"))

for epoch in range(3):
    ckpt = (model.state_dict(), optimizer.state_dict(), args)
    torch.save(ckpt, os.path.join(args.save_dir, f"model.ckpt.{epoch}"))
    weights = (model.state_dict(), optimizer.state_dict())
    torch.save(weights, os.path.join(args.save_dir, "weights.pt"))
