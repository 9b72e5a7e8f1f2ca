# expect: migrations-and-security#torchload-defaults-to-weights_onlytrue
import torch

model = torch.load("model.pt", map_location="cpu")
model.eval()
