# seen in: a singing-synthesis trainer on lightning 2.3 (requirements pin it) that calls no save_hyperparameters;
# its on_save_checkpoint adds the model's category string and the trainer stage's string value: the checkpoints
# it writes are plain data, loaded with weights_only=True on torch 2.15
import lightning.pytorch as pl
import torch


class Task(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.model = torch.nn.Linear(2, 2)

    def on_save_checkpoint(self, checkpoint):
        checkpoint["category"] = self.model.category
        checkpoint["trainer_stage"] = self.trainer.state.stage.value
