# seen in: a speaker-verification trainer whose best equal error rate comes from an evaluation function of another
# module, which takes it from a third module's roc_curve arrays: an np.float64 kept in the checkpoint it resumes
import torch

from functions import validate_distance, validate_verification


def train(model, loader, path, resume=False):
    best_eer, best_distance = 1.0, 0.0
    if resume:
        checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
        best_eer = checkpoint["best_eer"]
        distances = torch.load(path + ".distance")
        best_distance = distances["best_distance"]
    for epoch in range(10):
        eer = validate_verification(model, loader)
        best_eer = min(eer, best_eer)
        torch.save({"epoch": epoch, "state_dict": model.state_dict(), "best_eer": best_eer}, path)
        best_distance = max(validate_distance(model, loader), best_distance)
        torch.save({"best_distance": best_distance}, path + ".distance")
