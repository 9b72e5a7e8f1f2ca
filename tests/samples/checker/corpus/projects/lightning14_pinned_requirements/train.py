# A self-supervised anomaly detector (CutPaste) whose requirements.txt pins pytorch_lightning 1.4.9: before 1.5.0 the
# checkpoint keyed callback states by the callback class itself (type(callback)), which weights_only refuses,
# so the loads of its own .ckpt files fail.
import pytorch_lightning as pl
import torch
from pytorch_lightning.callbacks import ModelCheckpoint


class CutPaste(pl.LightningModule):
    def __init__(self, lr=0.03):
        super().__init__()
        self.save_hyperparameters()
        self.head = torch.nn.Linear(512, 2)


def train(save_dir):
    trainer = pl.Trainer(callbacks=[ModelCheckpoint(dirpath=save_dir, monitor="train_loss")])
    trainer.fit(CutPaste())


def detect(ckpt_path):
    model = CutPaste()
    model.load_state_dict(torch.load(ckpt_path)["state_dict"])  # finding: torch-load-lightning-checkpoint
    return model
