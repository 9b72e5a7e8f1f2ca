# seen in: a lottery-ticket segmentation study whose scripts call their options module's validate(metrics=...), which
# returns the StreamSegMetrics results dict (np.nanmean values); the best score among them is saved and resumed.
# A meter whose average is float() stays plain.
import torch

import evaluation
from metrics import LossMeter, SegMetrics


def segment(opts, model, loader):
    metrics = SegMetrics(opts.classes)
    best_score = 0.0
    if opts.ckpt:
        checkpoint = torch.load(opts.ckpt, map_location="cpu")  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["model_state"])
        best_score = checkpoint["best_score"]
    for _ in range(opts.epochs):
        val_score, _samples = evaluation.validate(opts=opts, model=model, loader=loader, metrics=metrics)
        if val_score["Mean IoU"] > best_score:
            best_score = val_score["Mean IoU"]
            torch.save({"model_state": model.state_dict(), "best_score": best_score}, opts.out)


def regress(opts, model, loader):
    meter = LossMeter()
    best_loss = 1e9
    if opts.resume:
        state = torch.load(opts.resume, map_location="cpu")
        model.load_state_dict(state["weights"])
        best_loss = state["best_loss"]
    for _ in range(opts.epochs):
        loss = evaluation.validate_loss(model, loader, meter)
        if loss < best_loss:
            best_loss = loss
            torch.save({"weights": model.state_dict(), "best_loss": best_loss}, opts.out_loss)
