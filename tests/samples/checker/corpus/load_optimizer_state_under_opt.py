# seen in: self-supervised video/image trainers whose resume reads the optimizer's state dict under "opt"
# (a key that elsewhere holds an argparse Namespace); handed to load_state_dict, it is a state dict
import torch


def load_checkpoint(path, encoder, opt, scaler):
    checkpoint = torch.load(path, map_location=torch.device("cpu"))
    epoch = checkpoint["epoch"]
    encoder.load_state_dict(checkpoint["encoder"])
    opt.load_state_dict(checkpoint["opt"])
    if scaler is not None:
        scaler.load_state_dict(checkpoint["scaler"])
    return epoch


def load_named_state(path, opt):
    checkpoint = torch.load(path, map_location="cpu")
    state = checkpoint["opt"]
    opt.load_state_dict(state)


def resume_with_options(path):
    checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    return checkpoint["opt"].lr
