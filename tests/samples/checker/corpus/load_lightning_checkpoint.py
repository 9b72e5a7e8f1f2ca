# seen in: CompVis/stable-diffusion scripts/inpaint.py, ldm/models/diffusion/ddpm.py, notebook_helpers.py
# (Lightning 1.x .ckpt files pickle callback classes; weights_only=True refuses them)
import pytorch_lightning as pl
import torch


def load_inpainting_model(model):
    model.load_state_dict(torch.load("models/ldm/inpainting_big/last.ckpt")["state_dict"],  # finding: torch-load-lightning-checkpoint
                          strict=False)


def load_model_from_config(model, ckpt):
    pl_sd = torch.load(ckpt, map_location="cpu")  # finding: torch-load-lightning-checkpoint
    if "global_step" in pl_sd:
        print(f"Global Step: {pl_sd['global_step']}")
    model.load_state_dict(pl_sd["state_dict"], strict=False)


class LatentDiffusion(pl.LightningModule):
    def init_from_ckpt(self, path):
        sd = torch.load(path, map_location="cpu")  # finding: torch-load-lightning-checkpoint
        if "state_dict" in list(sd.keys()):
            sd = sd["state_dict"]
        self.load_state_dict(sd, strict=False)

    def init_trusted(self, path):
        sd = torch.load(path, map_location="cpu", weights_only=False)["state_dict"]
        self.load_state_dict(sd, strict=False)

    def init_from_weights(self, path):
        self.load_state_dict(torch.load(path, map_location="cpu"))


def callback_state(path):
    checkpoint = torch.load(path)  # finding: torch-load-lightning-checkpoint
    return checkpoint["callbacks"]
