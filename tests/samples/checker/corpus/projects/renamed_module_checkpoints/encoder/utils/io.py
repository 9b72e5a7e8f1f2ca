import torch


def save_checkpoint(model, optimizer, step, path):
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "step": step}, path)
