# seen in: the same evaluation Callback in a Lightning 2 project with plain hyper-parameters: Lightning writes the
# callback's defaultdict into every checkpoint ("Unsupported global: GLOBAL collections.defaultdict" under
# weights_only=True, run on torch 2.15); a second callback keeps a plain dict of lists, which loads
from collections import defaultdict

import lightning.pytorch as pl
import torch


class Classifier(pl.LightningModule):
    def __init__(self, lr: float = 1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.net = torch.nn.Linear(4, 2)


class TaskIndex(pl.Callback):
    def __init__(self):
        self.task_ids = None

    def on_validation_start(self, trainer, pl_module):
        self.task_ids = defaultdict(list)

    def on_save_checkpoint(self, trainer, pl_module, checkpoint):
        checkpoint["task_ids"] = self.task_ids

    def on_load_checkpoint(self, trainer, pl_module, checkpoint):
        self.task_ids = checkpoint.get("task_ids")


class SeenTasks(pl.Callback):
    def __init__(self):
        self.seen = {}

    def on_save_checkpoint(self, trainer, pl_module, checkpoint):
        checkpoint["seen_tasks"] = self.seen
