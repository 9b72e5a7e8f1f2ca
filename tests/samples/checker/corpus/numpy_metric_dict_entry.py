# seen in: classification trainers that keep their best scores in a dict, restore them on resume, store the NumPy mean
# AUC there and save the entry with the weights: the saved np.float64 makes the resume's load fail under weights_only
import numpy as np
import torch


def train(model, epochs, scores, path, resume):
    best_dict = {"acc_dev_best": 0.0, "auc_dev_best": 0.0}
    if resume:
        ckpt = torch.load(path)  # finding: torch-load-saved-in-project
        model.load_state_dict(ckpt["state_dict"])
        best_dict["auc_dev_best"] = ckpt["auc_dev_best"]
    for epoch in range(epochs):
        mean_auc = np.array(scores[epoch]).mean()
        if mean_auc >= best_dict["auc_dev_best"]:
            best_dict["auc_dev_best"] = mean_auc
        torch.save({"epoch": epoch, "auc_dev_best": best_dict["auc_dev_best"],
                    "state_dict": model.state_dict()}, path)


def train_plain(model, epochs, scores, path, resume):
    best = {"auc": 0.0}
    if resume:
        ckpt = torch.load(path)
        model.load_state_dict(ckpt["state_dict"])
    for epoch in range(epochs):
        best["auc"] = float(np.array(scores[epoch]).mean())
        torch.save({"auc": best["auc"], "state_dict": model.state_dict()}, path)


def train_kept(model, scores, path):
    best = {"auc": 0.0}
    ckpt = torch.load(path)  # finding: torch-load-saved-in-project
    best["auc"] = best["auc"]  # an entry stored from itself is read once, not followed again
    best["auc"] = best["auc"]
    best["auc"] = np.mean(scores)
    torch.save({"auc": best["auc"], "state_dict": model.state_dict()}, path)
    return ckpt["state_dict"]
