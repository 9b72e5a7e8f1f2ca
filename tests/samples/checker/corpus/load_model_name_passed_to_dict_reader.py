# seen in: open-mmlab/mmpretrain tools/model_converters/*_to_mmpretrain.py (round 8): a load bound to a
# model-like name is handed to the file's own converter, which reads it as a dict of weights: a state dict,
# not a pickled module, so no finding.
import torch


def convert_weights(weight):
    if "model_ema" in weight:
        weight = weight["model_ema"]
    return {f"backbone.{key}": value for key, value in weight.items()}


def main(src, dst):
    original_model = torch.load(src, map_location="cpu")
    torch.save(convert_weights(original_model), dst)


# The look-alike: the helper uses its argument as a module, so the file holds a pickled model.
def export(weight, example):
    weight.eval()
    return torch.jit.trace(weight, example)  # finding: torchscript-warns


def main_export(src, example):
    original_model = torch.load(src, map_location="cpu")  # finding: torch-load-pickled-object
    return export(original_model, example)
