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
