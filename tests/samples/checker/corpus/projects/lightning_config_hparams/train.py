# seen in: aqlaboratory/openfold train_openfold.py (OpenFoldWrapper.__init__(self, config) calls
# self.save_hyperparameters(), so every checkpoint's hyper_parameters hold the ConfigDict: "Unsupported global:
# GLOBAL ml_collections.config_dict.config_dict.ConfigDict" under weights_only=True on torch 2.15; its
# on_save_checkpoint adds 'ema')
import pytorch_lightning as pl
import torch


class Wrapper(pl.LightningModule):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.model = torch.nn.Linear(2, 2)
        self.save_hyperparameters()

    def on_save_checkpoint(self, checkpoint):
        checkpoint["ema"] = {"params": self.model.state_dict()}


def resume(path):
    sd = torch.load(path)  # finding: torch-load-lightning-checkpoint
    return int(sd["global_step"])
