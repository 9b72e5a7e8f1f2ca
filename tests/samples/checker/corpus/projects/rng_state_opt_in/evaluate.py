import torch


def load_for_eval(model, path):
    sd = torch.load(path, map_location="cpu")
    model.load_state_dict(sd["module"])
    return sd["iteration"]
