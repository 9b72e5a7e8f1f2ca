# seen in: round 58's Deep-Hedging-with-Market-Impact (DeepAgent.py): each agent saves its whole network into one
# folder under its own name; the driver scripts read them back from that folder.
import torch


class DeepAgent:
    def __init__(self, model, name):
        self.model = model
        self.name = name

    def train(self, epochs):
        for _ in range(epochs):
            pass
        torch.save(self.model, "/home/me/deep-hedging/" + self.name)
