# A look-alike: the defaults kept by save_hyperparameters() are numbers, a list and an instance of a class of the
# standard library built in place (no third-party class): a Lightning 2 checkpoint of it holds plain values only.
from collections import OrderedDict
from dataclasses import dataclass

import lightning as L
import torch


@dataclass
class Window:
    size: int = 4


class ForecastModule(L.LightningModule):
    def __init__(self, context_length: int, lr: float = 1e-3, sizes: OrderedDict = OrderedDict(), window=Window()):
        super().__init__()
        self.save_hyperparameters(ignore=["window"])
        self.net = torch.nn.Linear(context_length, 1)


def move_checkpoint(old_path, new_path):
    ckpt = torch.load(old_path)
    del ckpt["callbacks"]["EarlyStopping"]
    torch.save(ckpt, new_path)
