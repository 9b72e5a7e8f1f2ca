"""A pruning project's evaluation helper: it runs under no_grad and hands back Python numbers."""
import torch


def _evaluate_model(model, data_loader, criterion):
    correct, total, loss_sum = 0, 0, 0.0
    model.eval()
    with torch.no_grad():
        for images, labels in data_loader:
            outputs = model(images)
            loss_sum += criterion(outputs, labels).item()
            correct += (outputs.argmax(1) == labels).sum().item()
            total += labels.size(0)
    model.train()
    return 100 * correct / total, loss_sum / max(total, 1)
