# seen in: round 58's Channel-LM-Prompting (model_util.py): the tuned embedding and head loaded one submodule at a
# time with _load_from_state_dict and None for the metadata; the pytorch-pretrained-BERT loader passes its metadata
# dict (or {}), which is fine.
import torch


def load_tuned(model, checkpoint):
    weight = torch.load(checkpoint, weights_only=True)["transformer.wte.new_embed.weight"]
    model.transformer.wte.new_embed._load_from_state_dict(  # finding: load-from-state-dict-none-metadata
        {"weight": weight}, "", None, True, [], [], "")
    return model


def load_pretrained(model, state_dict, metadata=None):
    missing, unexpected, errors = [], [], []

    def load(module, prefix=""):
        local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
        module._load_from_state_dict(state_dict, prefix, local_metadata, True, missing, unexpected, errors)
        for name, child in module._modules.items():
            if child is not None:
                load(child, prefix + name + ".")

    load(model)
    return missing, unexpected, errors
