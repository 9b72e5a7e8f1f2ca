# seen in: segmentation trainers that keep the best mIoU (an np.float64 from the evaluator) in the checkpoint,
# bound in validation() after training() saved it, through the project's Saver
import torch

from segtools.metrics import Evaluator
from segtools.saver import Saver


class Trainer:
    def __init__(self, args, model, optimizer):
        self.model, self.optimizer = model, optimizer
        self.saver = Saver(args.out)
        self.evaluator = Evaluator(args.num_classes)
        self.best_pred = 0.0
        if args.resume is not None:
            checkpoint = torch.load(args.resume)  # finding: torch-load-saved-in-project
            self.model.load_state_dict(checkpoint["state_dict"])
            self.optimizer.load_state_dict(checkpoint["optimizer"])
            self.best_pred = checkpoint["best_pred"]

    def training(self, epoch):
        self.saver.save_checkpoint({"epoch": epoch + 1, "state_dict": self.model.state_dict(),
                                    "optimizer": self.optimizer.state_dict(), "best_pred": self.best_pred})

    def validation(self, epoch):
        miou = self.evaluator.mean_iou()
        new_pred = miou
        if new_pred > self.best_pred:
            self.best_pred = new_pred


class PlainTrainer:
    def __init__(self, args, model):
        self.model = model
        self.saver = Saver(args.out)
        self.evaluator = Evaluator(args.num_classes)
        self.best_acc = self.top_iou = self.rounded = 0.0
        if args.resume is not None:
            state = torch.load(args.resume)
            self.model.load_state_dict(state["weights"])
            self.best_acc = state["best_acc"]

    def training(self):
        self.saver.save_checkpoint({"weights": self.model.state_dict(), "best_acc": self.best_acc,
                                    "top_iou": self.top_iou, "rounded": self.rounded}, "plain.pth")

    def validation(self, losses):
        self.best_acc = self.evaluator.pixel_accuracy()
        self.top_iou = float(self.evaluator.mean_iou())
        self.rounded = round(sum(losses) / len(losses), 3)
