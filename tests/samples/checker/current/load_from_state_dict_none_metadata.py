import torch


def load_head(model, checkpoint):
    weight = torch.load(checkpoint, weights_only=True)["lm_head.weight"]
    model.lm_head.load_state_dict({"weight": weight}, strict=False)
