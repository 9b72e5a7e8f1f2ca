# seen in: point-cloud generation code (2021) with a checkpoint manager that writes the run's Namespace beside the
# weights into its own folder and reads the best, the latest or a chosen file of that folder back whole
import os

import torch


class CheckpointManager:
    def __init__(self, save_dir):
        self.save_dir = save_dir
        self.ckpts = []

    def save(self, model, args, score):
        fname = "ckpt_%.6f_.pt" % float(score)
        torch.save({"args": args, "state_dict": model.state_dict()}, os.path.join(self.save_dir, fname))
        self.ckpts.append({"score": score, "file": fname})

    def load_best(self):
        best = min(self.ckpts, key=lambda ckpt: ckpt["score"])
        return torch.load(os.path.join(self.save_dir, best["file"]))  # finding: torch-load-saved-objects

    def load_selected(self, file):
        return torch.load(os.path.join(self.save_dir, file))  # finding: torch-load-saved-objects


class WeightsManager:
    def __init__(self, save_dir):
        self.save_dir = save_dir

    def save(self, model, args):
        torch.save({"args": args, "state_dict": model.state_dict()}, os.path.join(self.save_dir, "full.pt"))
        torch.save(model.state_dict(), os.path.join(self.save_dir, "weights.pt"))

    def load_weights(self, model):
        model.load_state_dict(torch.load(os.path.join(self.save_dir, "weights.pt")))


class MixedManager:
    def __init__(self, save_dir):
        self.save_dir = save_dir

    def save(self, model, args, tag):
        torch.save({"args": args}, os.path.join(self.save_dir, "run-%s.pt" % tag))
        torch.save(model.state_dict(), os.path.join(self.save_dir, "weights.pt"))

    def load_weights(self, model, name):
        model.load_state_dict(torch.load(os.path.join(self.save_dir, name)))


# seen in: re-identification engines (2020) that keep weights and extracted NumPy features in one results folder
class Engine:
    def __init__(self, model, results_dir):
        self.model = model
        self.results_dir = results_dir

    def save_model(self, epoch):
        model_path = os.path.join(self.results_dir, "model_%d.pth" % epoch)
        torch.save(self.model.state_dict(), model_path)

    def extract(self, name, feats):
        features = {"query_feats": feats.numpy(), "query_pids": feats.argmax(1).numpy()}
        torch.save(features, os.path.join(self.results_dir, "{}_features.pkl".format(name)))

    def evaluate(self, name):
        features = torch.load(os.path.join(self.results_dir, "{}_features.pkl".format(name)))  # finding: torch-load-saved-objects
        return features["query_feats"]
