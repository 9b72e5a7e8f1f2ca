# seen in: magic-research/magic-animate magicanimate/pipelines/animation.py (round 13): no Lightning anywhere; the
# motion-module file may carry 'global_step' beside 'state_dict', and the load strips DistributedDataParallel's
# "module." prefix from its keys: a plain training loop saved a wrapped model's state_dict() (AnimateDiff's train.py),
# which a Lightning checkpoint never holds, so the key pair alone is no Lightning evidence and there is no finding.
from collections import OrderedDict

import torch


def load_motion_module(unet, motion_module, func_args):
    motion_module_state_dict = torch.load(motion_module, map_location="cpu")
    if "global_step" in motion_module_state_dict:
        func_args.update({"global_step": motion_module_state_dict["global_step"]})
    if "state_dict" in motion_module_state_dict:
        motion_module_state_dict = motion_module_state_dict["state_dict"]
    state_dict = OrderedDict()
    for key in motion_module_state_dict.keys():
        if key.startswith("module."):
            state_dict[key.split("module.")[-1]] = motion_module_state_dict[key]
        else:
            state_dict[key] = motion_module_state_dict[key]
    return unet.load_state_dict(state_dict, strict=False)


def load_original(checkpoint_path):
    # the same pair with no plain-loop sign (diffusers' convert_from_ckpt): a published Lightning checkpoint
    checkpoint = torch.load(checkpoint_path, map_location="cpu")  # finding: torch-load-lightning-checkpoint
    global_step = checkpoint["global_step"] if "global_step" in checkpoint else None
    return global_step, checkpoint["state_dict"]
