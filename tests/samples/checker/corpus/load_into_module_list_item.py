# seen in: a quantized-LLM loader that puts each whole decoder layer, torch.save()d layer by layer, back into the
# model's layer list and walks its modules: UnpicklingError (an nn.Module) under weights_only=True on torch 2.15
import os

import torch


def load_layers(model, load_dir, device):
    for index in range(len(model.decoder.blocks)):
        model.decoder.blocks[index] = torch.load(  # finding: torch-load-pickled-object
            os.path.join(load_dir, f"{index}.pth"), map_location=device)
        for module in model.decoder.blocks[index].modules():
            module.cache = None
    return model


# Look-alikes: state dicts kept in a dict by name and handed to load_state_dict; items read as mappings.
def load_shards(model, load_dir, names):
    shards = {}
    for name in names:
        shards[name] = torch.load(os.path.join(load_dir, f"{name}.pt"), map_location="cpu")
        print(sorted(shards[name].keys()))
        model.get_submodule(name).load_state_dict(shards[name])
    return shards
