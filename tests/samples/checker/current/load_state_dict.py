# Loading tensors and state dicts: what weights_only=True (the 2.6+ default) loads.
import io

import torch

model = torch.nn.Linear(2, 2)
model.load_state_dict(torch.load("weights.pt", map_location="cpu"))
state = torch.load("checkpoint.pt")
model.load_state_dict(state["model"])
print(state.keys(), state.get("epoch"))
tensor = torch.load(io.BytesIO(b""))
total = tensor.sum()
with torch.serialization.safe_globals([torch.nn.Linear]):
    trusted = torch.load("module.pt")
