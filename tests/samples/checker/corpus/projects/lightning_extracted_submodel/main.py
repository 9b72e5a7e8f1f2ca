# seen in: CompVis/taming-transformers main.py (trains with pytorch-lightning 1.0.8)
import pytorch_lightning as pl
import torch


class VQModel(pl.LightningModule):
    def init_from_ckpt(self, path):
        sd = torch.load(path, map_location="cpu")["state_dict"]
        self.load_state_dict(sd, strict=False)
