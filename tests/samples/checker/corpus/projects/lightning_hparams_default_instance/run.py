# The run script copies its own earlier checkpoint, dropping a callback's state: a plain torch.load of that file.
import lightning
import torch

from forecast.module import ForecastModule


def move_checkpoint(old_path, new_dir):
    ckpt = torch.load(old_path)  # finding: torch-load-lightning-checkpoint
    del ckpt["callbacks"]["EarlyStopping{'monitor': 'val_loss', 'mode': 'min'}"]
    torch.save(ckpt, new_dir + "/pretrained.ckpt")
    return ForecastModule.load_from_checkpoint(new_dir + "/pretrained.ckpt")
