# seen in: fishaudio/fish-speech (a Lightning project whose inference scripts load codec.pth, a plain state dict,
# and unwrap "state_dict" only when it is there, as dac.py does with weights_only=True: the project loads
# its files of that kind as they are, so the unwrap is no Lightning evidence);
# a file that imports Lightning itself and does the same still reads a Lightning .ckpt (CompVis/stable-diffusion,
# on pytorch_lightning: a release of unknown age, while the unified `lightning` package is 1.8 or later, whose own
# checkpoints hold plain data: see lightningversion.py)
import pytorch_lightning as pl
import torch


class Codec(pl.LightningModule):
    def init_from_ckpt(self, path):
        sd = torch.load(path, map_location="cpu")  # finding: torch-load-lightning-checkpoint
        if "state_dict" in sd:
            sd = sd["state_dict"]
        self.load_state_dict(sd)
