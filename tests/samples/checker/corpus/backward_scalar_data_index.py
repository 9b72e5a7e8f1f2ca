# seen in: meta-learning research code of 2018 (torch 0.3) that prints its objective's data[0] after backward(): the
# objective backward() took without a gradient is 0-dim since 0.4; a total kept as a 1-element vector reads fine
import torch


def train(model, optimizer, batches, prior_weight):
    for inputs, targets in batches:
        empirical = (model(inputs) - targets).pow(2).mean()
        complexity = prior_weight * penalty(model)
        objective = empirical + complexity
        optimizer.zero_grad()
        objective.backward()
        optimizer.step()
        print("objective", objective.data[0])  # finding: loss-data-index


def train_vector(model, optimizer, batches):
    for inputs, targets in batches:
        total = torch.zeros(1)
        total = total + (model(inputs) - targets).abs().sum().view(1)
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
        print("total", total.data[0])


def penalty(model):
    return sum(p.norm() for p in model.parameters())
