# A temporal knowledge-graph model (TeMP) whose requirements.txt pins pytorch_lightning 0.5.2 (setup.cfg marks the
# folder as the project): that release's checkpoints hold numbers and state dicts only (its dump_checkpoint keeps no
# callback object, and no hparams until 0.6's vars(model.hparams)), so the loads of its own .ckpt files read plain data.
import glob
import os

import pytorch_lightning as pl
import torch
from pytorch_lightning.callbacks import ModelCheckpoint


class Recurrent(pl.LightningModule):
    def __init__(self, hparams):
        super().__init__()
        self.hparams = hparams
        self.encoder = torch.nn.GRU(8, 8)


def main(args):
    checkpoint = ModelCheckpoint(filepath=os.path.join(args.save_dir, "checkpoints"), monitor="mrr", mode="max")
    trainer = pl.Trainer(checkpoint_callback=checkpoint)
    model = Recurrent(args)
    trainer.fit(model)
    saved = torch.load(glob.glob(os.path.join(args.save_dir, "checkpoints", "*.ckpt"))[0])
    model.load_state_dict(saved["state_dict"])
    return saved["epoch"]
