# seen in: facebookresearch/dino utils.py, visualize_attention.py (the entry is chosen at run time)
import torch


def save_on_master(*args, **kwargs):
    torch.save(*args, **kwargs)


def load_pretrained_weights(model, pretrained_weights, checkpoint_key):
    state_dict = torch.load(pretrained_weights, map_location="cpu")  # finding: torch-load-saved-in-project
    if checkpoint_key is not None and checkpoint_key in state_dict:
        state_dict = state_dict[checkpoint_key]
    state_dict = {k.replace("module.", ""): v for k, v in state_dict.items()}
    model.load_state_dict(state_dict, strict=False)


def restart_from_checkpoint(ckp_path, run_variables=None, **kwargs):
    checkpoint = torch.load(ckp_path, map_location="cpu")  # finding: torch-load-saved-in-project
    for key, value in kwargs.items():
        if key in checkpoint and value is not None:
            value.load_state_dict(checkpoint[key])
    if run_variables is not None:
        for var_name in run_variables:
            if var_name in checkpoint:
                run_variables[var_name] = checkpoint[var_name]


def average_weights(paths, model):
    averaged = torch.load(paths[0], map_location="cpu")  # a state_dict walked by its own keys
    for k in averaged:
        averaged[k] = averaged[k] / len(paths)
    model.load_state_dict(averaged)
