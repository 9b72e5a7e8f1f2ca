# seen in: Lightning projects with a custom loop that saves their own plain {"state_dict", "global_step"}
# checkpoint: those keys then are no evidence of Lightning's layout
import lightning.pytorch as pl
import torch


def save(model, step, path):
    torch.save({"state_dict": model.state_dict(), "global_step": step}, path)
