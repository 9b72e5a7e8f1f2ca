import torch


def needs_resume(last):
    ckpt = torch.load(last)  # finding: torch-load-saved-in-project
    return ckpt["optimizer"] is not None


def load_classifier_weights(classifier, path):
    # the entry goes straight to load_state_dict: a state dict there, whatever train.py keeps under "model"
    classifier.load_state_dict(torch.load(path, map_location="cpu")["model"])
