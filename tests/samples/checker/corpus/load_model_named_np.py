# seen in: a neural-process experiment script that names its model `np` (np = NP(...), NP the project's
# NeuralProcess) and saves np.state_dict(): a state dict of tensors, which loads with the default
# weights_only=True. Only numpy's own np (imported in another function here) makes numpy values.
import torch
from module.NP import NeuralProcess as NP


def sample_context(n):
    import numpy as np
    return np.random.randint(10, n)


def main_gp(device, epochs):
    np = NP(input_dim=1, latent_dim=128).to(device)
    torch.save(np.state_dict(), "saved_model/tau.pt")
    np.load_state_dict(torch.load("saved_model/tau.pt", map_location=device))


def save_counts(path):
    import numpy as np
    counts = np.bincount([1, 2, 2])
    torch.save({"counts": counts}, path)
    return torch.load(path)  # finding: torch-load-saved-objects
