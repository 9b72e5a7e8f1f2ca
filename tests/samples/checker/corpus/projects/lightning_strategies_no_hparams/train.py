# seen in: TencentARC/InstantMesh train.py and run.py (round 13): the trainer names pytorch_lightning.strategies
# (pytorch-lightning 1.6 or later: callback states under string keys) and no module saves hyper-parameters, so its
# checkpoints, published ones included, hold plain data: a pytorch-lightning 2.1.2 replica loads with weights_only=True.
import torch
from omegaconf import OmegaConf
from pytorch_lightning.strategies import DDPStrategy
from pytorch_lightning.trainer import Trainer

from src.model import Recon


def train(config_path, resume=None):
    config = OmegaConf.load(config_path)
    model = Recon(config.model)
    trainer = Trainer(strategy=DDPStrategy(find_unused_parameters=True), max_epochs=1)
    trainer.fit(model, ckpt_path=resume)


def infer(config_path, model_ckpt_path):
    model = Recon(OmegaConf.load(config_path).model)
    state_dict = torch.load(model_ckpt_path, map_location="cpu")["state_dict"]
    state_dict = {k[10:]: v for k, v in state_dict.items() if k.startswith("generator.")}
    model.generator.load_state_dict(state_dict, strict=True)
    return model
