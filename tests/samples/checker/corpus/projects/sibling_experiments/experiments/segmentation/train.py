# seen in: two experiment folders of one repository: segmentation's trainer saves best_pred, an np.float64
# mIoU; recognition's scripts save and read their own checkpoints (plain: tensors and floats)
import numpy as np
import torch


class Trainer:
    def __init__(self, args, model, optimizer):
        self.args, self.model, self.optimizer = args, model, optimizer
        self.best_pred = 0.0
        if args.resume:
            checkpoint = torch.load(args.resume)  # finding: torch-load-saved-in-project
            self.model.load_state_dict(checkpoint["state_dict"])
            self.best_pred = checkpoint["best_pred"]

    def validation(self, epoch, ious):
        new_pred = np.mean(ious)
        if new_pred > self.best_pred:
            self.best_pred = new_pred
        torch.save({"epoch": epoch + 1, "state_dict": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict(), "best_pred": self.best_pred}, "checkpoint.pth.tar")
