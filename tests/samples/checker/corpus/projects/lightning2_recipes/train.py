# seen in: asteroid-team/asteroid egs/*/train.py (round 8): the project requires Lightning 2, its module keeps
# numbers as hyper-parameters, and each recipe reloads the best .ckpt its own run wrote: plain data, which
# weights_only=True loads, so no finding.
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
    state = torch.load(checkpoint.best_model_path, map_location="cpu")
    system.load_state_dict(state["state_dict"])
    best = torch.load(exp_dir + "/last.ckpt")
    return best["global_step"]
