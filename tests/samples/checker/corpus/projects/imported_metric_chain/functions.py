import torch

from metrics import compute_eer, mean_distance


def validate_verification(model, loader):
    distances, labels = [], []
    with torch.no_grad():
        for a, b, label in loader:
            distances.append(torch.dist(model(a), model(b)).item())
            labels.append(int(label))
    eer = compute_eer(distances, labels)
    return eer


def validate_distance(model, loader):
    with torch.no_grad():
        distances = [torch.dist(model(a), model(b)).item() for a, b, _ in loader]
    return mean_distance(distances)
