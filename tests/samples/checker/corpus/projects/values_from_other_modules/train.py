import torch

from segkit.metrics import AverageMeter, RunningScore, summarize
from segkit.nets import Vocoder


def train(model, optimizer, path, resume):
    if resume:
        checkpoint = torch.load(resume)  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["model_state"])
        optimizer.load_state_dict(checkpoint["optimizer_state"])
    metrics = RunningScore(4)
    score, _ = metrics.get_scores()
    best_iou = score["Mean IoU"]
    torch.save({"model_state": model.state_dict(), "optimizer_state": optimizer.state_dict(), "best_iou": best_iou},
               path)


def train_plain(model, path, resume):
    if resume:
        checkpoint = torch.load(resume)
        model.load_state_dict(checkpoint["weights"])
    meter = AverageMeter()
    torch.save({"weights": model.state_dict(), "loss": meter.avg, "mean": summarize([1.0])}, path)


def save_whole(model, path):
    copy = Vocoder(8).cuda()
    copy.load_state_dict(model.state_dict())
    torch.save({"net": copy, "step": 1}, path)


def resume_whole(path):
    data = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    return data["net"], data["step"]
