import torch


def save(model, optimizer, epoch, path):
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch}, path)
