# seen in: huggingface/diffusers src/diffusers/pipelines/stable_diffusion/convert_from_ckpt.py (the load is bound
# in one branch of an if/elif, a dict argument in the other; the lines after the if read 'global_step' and
# 'state_dict' of either: the original Stable Diffusion .ckpt files are Lightning checkpoints, whose callback
# state weights_only=True refuses on torch 2.15 with "Unsupported global")
import torch


def convert(checkpoint_path_or_dict, device=None):
    if isinstance(checkpoint_path_or_dict, str):
        if device is None:
            checkpoint = torch.load(checkpoint_path_or_dict, map_location="cpu")  # finding: torch-load-lightning-checkpoint
        else:
            checkpoint = torch.load(checkpoint_path_or_dict, map_location=device)  # finding: torch-load-lightning-checkpoint
    elif isinstance(checkpoint_path_or_dict, dict):
        checkpoint = checkpoint_path_or_dict
    global_step = checkpoint["global_step"] if "global_step" in checkpoint else None
    while "state_dict" in checkpoint:
        checkpoint = checkpoint["state_dict"]
    return checkpoint, global_step


# A look-alike that loads: the Lightning keys are read only in the branch that did not load (a file of the
# project's own format is read in the other).
def weights(path_or_dict):
    if isinstance(path_or_dict, str):
        state = torch.load(path_or_dict, map_location="cpu")
    else:
        state = path_or_dict
        return state["state_dict"], state["global_step"]
    return state, 0
