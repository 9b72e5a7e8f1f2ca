# A look-alike: the LightningModule's hyper-parameters are numbers, which weights_only=True loads; a load reading
# the 'ema' its on_save_checkpoint adds reads a plain checkpoint.
import pytorch_lightning as pl
import torch


class Wrapper(pl.LightningModule):
    def __init__(self, lr: float = 1e-3, hidden: int = 8):
        super().__init__()
        self.model = torch.nn.Linear(hidden, 2)
        self.save_hyperparameters()

    def on_save_checkpoint(self, checkpoint):
        checkpoint["ema"] = {"params": self.model.state_dict()}


def load_ema(path):
    return torch.load(path)["ema"]["params"]


# Without deepspeed in the project, 'optimizer_state_dict' is the project's own (the tutorial layout).
def load_optimizer(path, optimizer):
    optimizer.load_state_dict(torch.load(path)["optimizer_state_dict"])
