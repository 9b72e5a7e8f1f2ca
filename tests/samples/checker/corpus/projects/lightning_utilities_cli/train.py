# A look-alike: the CLI comes from pytorch_lightning.utilities.cli, where releases before 1.7 kept it (1.5 and older
# key callback states by their class), so a checkpoint read for 'state_dict' may hold objects.
import torch
from pytorch_lightning import LightningModule
from pytorch_lightning.utilities.cli import LightningCLI


class Classifier(LightningModule):
    def __init__(self, net: torch.nn.Module, lr: float = 1e-3):
        super().__init__()
        self.save_hyperparameters(ignore=["net"])
        self.net = net

    def warm_start(self, path):
        checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-lightning-checkpoint
        self.net.load_state_dict(checkpoint["state_dict"])


def main():
    LightningCLI(Classifier)
