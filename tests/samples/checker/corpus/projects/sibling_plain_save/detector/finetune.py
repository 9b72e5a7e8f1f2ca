# seen in: facebookresearch/multimodal examples/ (one sub-project saves {"model", ..., "args": args}; another one,
# as far from the converter, saves a plain {"model", ...}: that third file says nothing of what the converter reads,
# so the Namespace-holding layout stays the evidence)
import torch


def save(model, optimizer, epoch, args, path):
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch, "args": args}, path)
