# seen in: divelab/DIG dig/xgraph/models/model_manager.py (no Lightning anywhere in the project: a '<model>_last.ckpt'
# resumed for its state_dict and epoch by the project's own loop); the second load reads a latent-diffusion release.
import os

import torch


def config_model(model, args, mode):
    if mode == "train" and args.tr_ctn:
        ckpt = torch.load(os.path.join(args.ckpt_dir, f"{args.model_name}_last.ckpt"))
        model.load_state_dict(ckpt["state_dict"])
        args.ctn_epoch = ckpt["epoch"] + 1


def load_autoencoder(model, args):
    sd = torch.load(os.path.join(args.weights, "model.ckpt"), map_location="cpu")  # finding: torch-load-lightning-checkpoint
    print(f"global step {sd['global_step']}")
    model.load_state_dict(sd["state_dict"], strict=False)
