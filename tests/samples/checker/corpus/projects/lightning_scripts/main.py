# seen in: CompVis/stable-diffusion main.py (the project trains with Lightning; its .ckpt files are Lightning's)
import pytorch_lightning as pl
import torch


def train(model, data):
    trainer = pl.Trainer(max_epochs=1)
    trainer.fit(model, data)
