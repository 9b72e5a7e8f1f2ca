# seen in: a sign-language recognizer trained with Lightning's Tuner, imported from pytorch_lightning.tuner (exported
# there from 2.0 only: callback states under string keys, plain hyper-parameters), and a live demo that loads the
# run's own checkpoint: plain data for weights_only, no finding.
import pytorch_lightning as pl
import torch
from pytorch_lightning.callbacks import EarlyStopping
from pytorch_lightning.tuner import Tuner

from model import SignClassifier


def train(data):
    model = SignClassifier()
    trainer = pl.Trainer(max_epochs=30, callbacks=[EarlyStopping(monitor="val_loss")])
    Tuner(trainer).lr_find(model, datamodule=data)
    trainer.fit(model, datamodule=data)


def live(checkpoint_path):
    model = SignClassifier()
    model.load_state_dict(torch.load(checkpoint_path)["state_dict"])
    return model.eval()
