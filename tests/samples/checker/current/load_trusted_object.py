# Opting in explicitly (weights_only=False) or with a pickle module keeps the old behaviour on purpose.
import pickle

import torch

model = torch.load("model.pt", weights_only=False)
model.eval()
other = torch.load("model.pt", pickle_module=pickle)
other.eval()
kwargs = {"weights_only": False}
third = torch.load("model.pt", **kwargs)
third.eval()
