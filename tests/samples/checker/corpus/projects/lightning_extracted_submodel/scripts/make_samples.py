# seen in: CompVis/taming-transformers scripts/make_samples.py, sample_fast.py (reads "global_step" too:
# no plain layout of the project has it, so this is Lightning's checkpoint)
import torch


def load_model(ckpt):
    pl_sd = torch.load(ckpt, map_location="cpu")  # finding: torch-load-lightning-checkpoint
    global_step = pl_sd["global_step"]
    return pl_sd["state_dict"], global_step
