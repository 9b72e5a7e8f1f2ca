import torch


def build(path, make_model):
    ckpt = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    model = make_model(ckpt["cfg"].MODEL.DEPTH)
    model.load_state_dict(ckpt["model"])
    return model
