"""Scores the best checkpoint the training run copied."""
import torch


def score(model, best_path):
    checkpoint = torch.load(best_path)  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint.pop("model"))
    return model
