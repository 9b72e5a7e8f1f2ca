# seen in: projects made from a popular PyTorch project template, whose trainer saves `'config': self.config`, an
# instance of the project's ConfigParser, in every checkpoint and resumes from one: weights_only=True refuses it
import torch


class BaseTrainer:
    def __init__(self, model, optimizer, config):
        self.model = model
        self.optimizer = optimizer
        self.config = config
        self.checkpoint_dir = config.save_dir
        if config.resume is not None:
            self._resume_checkpoint(config.resume)

    def _save_checkpoint(self, epoch):
        state = {"arch": type(self.model).__name__, "epoch": epoch, "state_dict": self.model.state_dict(),
                 "optimizer": self.optimizer.state_dict(), "config": self.config}
        torch.save(state, str(self.checkpoint_dir / f"checkpoint-epoch{epoch}.pth"))

    def _resume_checkpoint(self, path):
        checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
        self.start_epoch = checkpoint["epoch"] + 1
        if checkpoint["config"]["arch"] != self.config["arch"]:
            print("a different architecture")
        self.model.load_state_dict(checkpoint["state_dict"])
        self.optimizer.load_state_dict(checkpoint["optimizer"])
