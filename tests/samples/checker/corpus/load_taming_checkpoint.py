# seen in: lucidrains/DALLE-pytorch dalle_pytorch/vae.py (VQGanVAE reads the published taming VQGAN .ckpt, written by
# pytorch-lightning 1.0: taming's VQModel is a LightningModule, and its checkpoints keep the ModelCheckpoint callback)
import torch
from omegaconf import OmegaConf
from taming.models.vqgan import VQModel


def load_vqgan(model_path, config_path):
    config = OmegaConf.load(config_path)
    model = VQModel(**config.model.params)
    state = torch.load(model_path, map_location="cpu")["state_dict"]  # finding: torch-load-lightning-checkpoint
    model.load_state_dict(state, strict=False)
    return model


def load_codebook(path):
    return torch.load(path, map_location="cpu")["codebook"]
