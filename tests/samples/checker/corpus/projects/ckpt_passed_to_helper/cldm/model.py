# seen in: lllyasviel/ControlNet cldm/model.py (load_state_dict() torch.load()s the path it is given, and
# tool_transfer_control.py passes it the Stable Diffusion 1.5 Lightning .ckpt)
import torch


def get_state_dict(d):
    return d.get("state_dict", d)


def load_state_dict(ckpt_path, location="cpu"):
    return get_state_dict(torch.load(ckpt_path, map_location=torch.device(location)))  # finding: torch-load-lightning-checkpoint


def load_weights(path):
    return torch.load(path, map_location="cpu")
