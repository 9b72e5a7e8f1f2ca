# seen in: a segmentation main() whose nested save_ckpt() saves best_score, set later from validate()'s
# score dict (np.nanmean values of the metrics object main() passes in)
import torch

from segtools.metrics import SegScores


def validate(model, loader, metrics):
    for images, labels in loader:
        metrics.update(labels, model(images).argmax(1))
    score = metrics.results()
    return score, []


def main(opts, model, optimizer, loader):
    metrics = SegScores(opts.num_classes)

    def save_ckpt(path):
        torch.save({"model_state": model.state_dict(), "optimizer_state": optimizer.state_dict(),
                    "best_score": best_score}, path)

    best_score = 0.0
    if opts.ckpt is not None:
        checkpoint = torch.load(opts.ckpt, map_location="cpu")  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["model_state"])
        best_score = checkpoint["best_score"]
    for epoch in range(opts.epochs):
        val_score, _ = validate(model, loader, metrics=metrics)
        if val_score["Mean IoU"] > best_score:
            best_score = val_score["Mean IoU"]
            save_ckpt("best.pth")
