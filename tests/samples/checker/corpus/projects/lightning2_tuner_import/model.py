import pytorch_lightning as pl
import torch


class SignClassifier(pl.LightningModule):
    def __init__(self, classes=100, lr=1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.head = torch.nn.Linear(225, classes)
