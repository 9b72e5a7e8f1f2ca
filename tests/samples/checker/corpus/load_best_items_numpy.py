# seen in: a chest X-ray trainer that keeps its best scores in a dict by key (best["auc_dev"] = mean_auc, a numpy mean
# of per-class AUCs) and saves those items beside the weights; resuming reads them back and is refused
# (weights_only=True: "Unsupported global: GLOBAL numpy._core.multiarray.scalar", run on 2.15). A dict whose items
# are stored from .item() stays plain.
import numpy as np
import torch


def train_epoch(model, loader, best, path):
    aucs = [np.mean(model.score(batch)) for batch in loader]
    mean_auc = np.array(aucs).mean()
    if mean_auc >= best["auc_dev"]:
        best["auc_dev"] = mean_auc
        torch.save({"state_dict": model.state_dict(), "auc_dev_best": best["auc_dev"]}, path)
    return best


def resume(model, path):
    ckpt = torch.load(path)  # finding: torch-load-saved-in-project
    model.load_state_dict(ckpt["state_dict"])
    return {"auc_dev": ckpt["auc_dev_best"]}


def train_plain(model, loss_fn, batch, best, path):
    loss = loss_fn(model(batch))
    best["loss"] = loss.item()
    torch.save({"model": model.state_dict(), "best_loss": best["loss"]}, path)
    state = torch.load(path)
    return state["best_loss"]
