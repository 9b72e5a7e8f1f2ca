# seen in: microsoft/mattergen (round 20): Lightning 2 pinned, the config lives in omegaconf, but the module's
# save_hyperparameters ignores every __init__ parameter, so no config object reaches hyper_parameters: a
# pytorch-lightning 2.0.6 replica of its checkpoint loads with weights_only=True on torch 2.15.
import pytorch_lightning as pl
import torch
from hydra.utils import instantiate
from omegaconf import DictConfig


class AutoencoderModule(pl.LightningModule):
    def __init__(self, network: torch.nn.Module, optimizer_factory=None, schedulers=None):
        super().__init__()
        self.save_hyperparameters(ignore=("network", "optimizer_factory", "schedulers"))
        self.network = network

    @classmethod
    def from_checkpoint_and_config(cls, path: str, config: DictConfig):
        checkpoint = torch.load(path, map_location="cpu")
        module = instantiate(config)
        module.load_state_dict(checkpoint["state_dict"])
        return module
