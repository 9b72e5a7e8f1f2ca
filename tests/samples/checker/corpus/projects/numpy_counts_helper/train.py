import os

import torch
from helpers import batch_accuracy, batch_sizes


def load_pretrained(model, path):
    checkpoint = torch.load(os.path.join(path, "model.pth.tar"))  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model_state_dict"])
    return checkpoint["max_dev_acc"]


def load_sizes(path):
    return torch.load(os.path.join(path, "sizes.pth"))["tokens"]


def train(model, data, path, epochs):
    max_dev_acc = -1
    for epoch in range(epochs):
        valid_acc = 0.0
        tokens = 0
        for predictions, labels, lengths in data:
            correct, total = batch_accuracy(predictions, labels, lengths)
            valid_acc += correct / total
            tokens += batch_sizes(lengths)[1]
        if valid_acc >= max_dev_acc:
            torch.save({"max_dev_acc": max_dev_acc, "model_state_dict": model.state_dict()},
                       os.path.join(path, "model.pth.tar"))
            torch.save({"tokens": tokens}, os.path.join(path, "sizes.pth"))
            max_dev_acc = valid_acc
