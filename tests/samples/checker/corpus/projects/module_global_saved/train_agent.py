"""Trains a policy network held in a module-level name; the loop saves the whole module."""
import torch
import torch.nn as nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        return torch.softmax(self.head(x), dim=1)


policy = Policy()
weights = Policy().state_dict()
optimizer = torch.optim.Adam(policy.parameters(), lr=0.01)


def train(episodes):
    for episode in range(episodes):
        optimizer.zero_grad()
        if episode % 10 == 0:
            torch.save(policy, "agent_policy.pt")


def export_weights(policy):
    torch.save(policy, "agent_weights.pt")  # what the caller passes: a state dict


def save_initial():
    torch.save(weights, "agent_initial.pt")


def save_snapshot():
    snapshot = policy.state_dict()
    torch.save(snapshot, "agent_snapshot.pt")


if __name__ == "__main__":
    train(100)
    export_weights(policy.state_dict())
    save_initial()
    save_snapshot()
