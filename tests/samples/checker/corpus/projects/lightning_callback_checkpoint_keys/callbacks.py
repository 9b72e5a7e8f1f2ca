# seen in: a robot-policy Lightning project whose evaluation Callback's on_save_checkpoint(self, trainer, pl_module,
# checkpoint) adds its task indexes to the run's .ckpt; the LightningModule saves DictConfig-annotated arguments
# with save_hyperparameters, so the checkpoint's hyper_parameters hold omegaconf objects (refused by weights_only)
from collections import defaultdict

from omegaconf import DictConfig
from pytorch_lightning import Callback, LightningModule
import torch


class Policy(LightningModule):
    def __init__(self, encoder: DictConfig, lr: float):
        super().__init__()
        self.save_hyperparameters()


class TaskRollouts(Callback):
    def __init__(self):
        self.task_ids = None

    def on_validation_start(self, trainer, pl_module):
        self.task_ids = defaultdict(list)

    def on_save_checkpoint(self, trainer, pl_module, checkpoint):
        checkpoint["task_ids"] = self.task_ids
        checkpoint["task_counts"] = torch.zeros(len(self.task_ids or ()))
