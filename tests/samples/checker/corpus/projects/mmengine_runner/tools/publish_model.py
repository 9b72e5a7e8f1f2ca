import torch


def process_checkpoint(in_file, out_file, save_keys=("meta", "state_dict")):
    checkpoint = torch.load(in_file, map_location="cpu")  # finding: torch-load-saved-in-project
    for k in list(checkpoint.keys()):
        if k not in save_keys:
            checkpoint.pop(k, None)
    torch.save(checkpoint, out_file)


def show_history(path):
    hub = torch.load(path, map_location="cpu")["message_hub"]  # finding: torch-load-saved-in-project
    return hub["log_scalars"]


# seen in: open-mmlab/mmdetection3d tools/model_converters/publish_model.py (the optimizer deleted by key)
def remove_optimizer(in_file, out_file):
    checkpoint = torch.load(in_file, map_location="cpu")  # finding: torch-load-saved-in-project
    if "optimizer" in checkpoint:
        del checkpoint["optimizer"]
    torch.save(checkpoint, out_file)


# seen in: open-mmlab/mmpretrain tools/model_converters/publish_model.py (EMAHook's ema_state_dict read too)
def publish(in_file, out_file, no_ema=False):
    checkpoint = torch.load(in_file, map_location="cpu")  # finding: torch-load-saved-in-project
    for key in ["optimizer", "param_schedulers", "hook_msgs", "message_hub"]:
        checkpoint.pop(key, None)
    if no_ema:
        checkpoint["state_dict"] = checkpoint["ema_state_dict"]
    torch.save(checkpoint, out_file)


def drop_classifier(in_file, out_file):  # a look-alike that loads: the key dropped is no training state
    checkpoint = torch.load(in_file, map_location="cpu")
    del checkpoint["classifier"]
    torch.save(checkpoint, out_file)


# Look-alikes that load: a state dict stripped of its head, a file read for a key the Runner never writes.
def drop_head(in_file, out_file):
    state = torch.load(in_file, map_location="cpu")["state_dict"]
    for k in [k for k in state if k.startswith("head.")]:
        state.pop(k)
    torch.save(state, out_file)


def strip_ema(in_file, out_file):
    checkpoint = torch.load(in_file, map_location="cpu")
    checkpoint["model"] = checkpoint.pop("ema")
    torch.save(checkpoint, out_file)


def strip_listed_keys(in_file, out_file):
    # seen in: mmaction2's publish_model.py, which deletes the training-only keys in a loop over a list
    checkpoint = torch.load(in_file, map_location="cpu")  # finding: torch-load-saved-in-project
    unnecessary_keys = ["message_hub", "optimizer", "param_schedulers"]
    for k in unnecessary_keys:
        if k in checkpoint:
            del checkpoint[k]
    torch.save(checkpoint, out_file)


def strip_other_keys(in_file, out_file):
    # deletes keys a Runner checkpoint never has: some other file
    checkpoint = torch.load(in_file, map_location="cpu")
    for k in ("teacher", "ema"):
        del checkpoint[k]
    torch.save(checkpoint, out_file)
