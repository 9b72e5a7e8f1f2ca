# seen in: foolbox's MNIST zoo model (examples/zoo/mnist): one nn.Sequential with Conv2d/MaxPool2d, a Dropout2d on the
# pooled 4-D maps, then Flatten, Linear, ReLU and a second Dropout2d on the (N, 128) output: "Received a 2-D input to
# dropout2d" on 2.15 (eval mode too); the rule reads the Sequential's own order, not the file's convolutions
import torch.nn as nn


def create():
    return nn.Sequential(
        nn.Conv2d(1, 32, 3),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Dropout2d(0.25),
        nn.Flatten(),
        nn.Linear(5408, 128),
        nn.ReLU(),
        nn.Dropout2d(0.5),  # finding: dropout2d-deprecated
        nn.Linear(128, 10),
    )


def maps_only():
    # Linears earlier, but a convolution, or an Unflatten back to (N, C, H, W), makes maps again
    return nn.Sequential(
        nn.Linear(8, 16),
        nn.Unflatten(1, (1, 4, 4)),
        nn.Dropout2d(0.1),
        nn.Conv2d(1, 4, 3),
        nn.Dropout2d(0.1),
    )
