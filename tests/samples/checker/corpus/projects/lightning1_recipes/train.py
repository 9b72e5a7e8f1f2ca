# The same recipe in a project that allows Lightning 1.4: nothing shows that its checkpoints hold plain data
# (older releases keyed callback states by class), so the loads of its own .ckpt files stay findings.
import pytorch_lightning as pl
import torch
from pytorch_lightning.callbacks import ModelCheckpoint


class Separator(pl.LightningModule):
    def __init__(self, lr: float = 1e-3, n_src: int = 2):
        super().__init__()
        self.net = torch.nn.Linear(8, n_src)
        self.save_hyperparameters()


def main(exp_dir):
    checkpoint = ModelCheckpoint(dirpath=exp_dir, monitor="val_loss")
    trainer = pl.Trainer(max_epochs=1, callbacks=[checkpoint])
    system = Separator()
    trainer.fit(system)
    state = torch.load(checkpoint.best_model_path, map_location="cpu")  # finding: torch-load-lightning-checkpoint
    system.load_state_dict(state["state_dict"])
    best = torch.load(exp_dir + "/last.ckpt")  # finding: torch-load-lightning-checkpoint
    return best["global_step"]
