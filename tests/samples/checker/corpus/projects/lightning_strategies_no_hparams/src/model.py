# seen in: TencentARC/InstantMesh src/model.py (round 13): a LightningModule built from an omegaconf config that never stores
# hyper-parameters, so the config never reaches its checkpoints.
import pytorch_lightning as pl
import torch
from omegaconf import OmegaConf


class Recon(pl.LightningModule):
    def __init__(self, generator_config, init_ckpt=None):
        super().__init__()
        self.generator = torch.nn.Linear(4, 4)
        self.config = OmegaConf.create(generator_config)
        if init_ckpt is not None:
            # the stage-1 checkpoint train.py writes: plain data (pytorch-lightning 1.6+, no hyper-parameters)
            sd = torch.load(init_ckpt, map_location="cpu")["state_dict"]
            self.load_state_dict({k: v for k, v in sd.items() if k.startswith("generator")}, strict=False)
