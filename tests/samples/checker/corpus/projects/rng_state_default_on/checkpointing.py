# seen in: THUDM/GLM utils.py (save_checkpoint stores np.random.get_state() unless --no-save-rng is given, which is
# off by default; load_checkpoint reads an older layout's key too, where a KeyError is caught; every reader of these
# files fails under weights_only=True on torch 2.15: Unsupported global numpy._core.multiarray._reconstruct)
import random

import numpy as np
import torch


def checkpoint_path(root, tag, release=False):
    return f"{root}/{'release' if release else tag}/mp_rank_00_model_states.pt"


def save_checkpoint(step, model, optimizer, args, tag):
    sd = {"iteration": step}
    sd["module"] = model.state_dict()
    if not args.no_save_optim:
        if optimizer is not None:
            sd["optimizer"] = optimizer.state_dict()
    if not args.no_save_rng:
        sd["random_rng_state"] = random.getstate()
        sd["np_rng_state"] = np.random.get_state()
        sd["torch_rng_state"] = torch.get_rng_state()
    torch.save(sd, checkpoint_path(args.save, tag))


def load_checkpoint(model, args, tag, release=False):
    sd = torch.load(checkpoint_path(args.load, tag, release), map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(sd["module"])
    try:
        step = sd["iteration"]
    except KeyError:
        step = sd["total_iters"]  # older files
    if not args.no_load_rng:
        random.setstate(sd["random_rng_state"])
        np.random.set_state(sd["np_rng_state"])
        torch.set_rng_state(sd["torch_rng_state"])
    return step

