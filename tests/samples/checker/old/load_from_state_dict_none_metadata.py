# expect: removed-and-legacy-calls#module_load_from_state_dict-with-none-metadata
import torch


def load_head(model, checkpoint):
    weight = torch.load(checkpoint, weights_only=True)["lm_head.weight"]
    model.lm_head._load_from_state_dict({"weight": weight}, "", None, True, [], [], [])
