# seen in: weight conversion scripts that load a state dict, or a dict of state dicts, into a variable
# named `model` and use it as a dict: nothing there is a pickled module
import torch


def split_weights(input_path):
    model = torch.load(input_path)  # a dict of tensors under a model-like name: loads
    return {name.replace("lora_a", "lora_A"): value for name, value in model.items()}


def convert_parlai(checkpoint_path, target):
    model = torch.load(checkpoint_path, map_location="cpu")  # a dict of state dicts, not a module
    target.load_state_dict(model["model"])
