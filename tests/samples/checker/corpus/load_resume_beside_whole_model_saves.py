# seen in: mlmed/torchxrayvision scripts/train_utils_ae.py (train(model, ...) resumes the newest '-e*.pt' dict of
# state dicts it writes each epoch; the whole-model saves of its `model` parameter go to '-best.pt' and '-model*.pt')
import torch
import torch.nn.functional as F
from os.path import join


def train(model, optim, out, name, epochs, weights_file=None):
    if weights_file is not None:
        with open(weights_file, "rb") as f:
            state = torch.load(f, map_location="cpu")  # the epoch dict below: state dicts only
            model.load_state_dict(state["model_state_dict"])
            optim.load_state_dict(state["optimizer_state_dict"])
    for epoch in range(epochs):
        torch.save(model, join(out, f"{name}-best.pt"))
        torch.save({"epoch": epoch, "model_state_dict": model.state_dict(),
                    "optimizer_state_dict": optim.state_dict()}, join(out, f"{name}-e{epoch + 1}.pt"))


def attention(relation_map):
    return F.softmax(relation_map, dims=-1)  # misspelled: a TypeError, not an implicit-dim warning  # finding: keyword-not-accepted


def gather_by_file(data, path):
    torch.save(data, path)
    return torch.load(path)  # finding: torch-load-saved-objects
