# seen in: PINNacle's variational PINN solvers: a network reloaded whole into an attribute and moved to the device in
# the same expression (self.net = torch.load(path).to(device)), then trained through self.net.parameters(): the load
# reads a pickled module. A tensor moved the same way and only reduced stays quiet.
import torch


class Solver:
    def __init__(self, build, path, device, load=False):
        if load:
            self.net = torch.load(path).to(device)  # finding: torch-load-pickled-object
        else:
            self.net = build().to(device)
        self.weights = torch.load(path + ".weights").to(device)
        self.scale = self.weights.sum()

    def train(self, lr):
        return torch.optim.Adam(params=self.net.parameters(), lr=lr)
