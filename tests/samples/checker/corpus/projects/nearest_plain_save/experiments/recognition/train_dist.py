import torch


def save_checkpoint(state, path):
    torch.save(state, path)


def train(model, optimizer, top1, path):
    acclist_val = [top1]
    save_checkpoint({"epoch": 1, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict(),
                     "best_pred": top1, "acclist_val": acclist_val}, path)
