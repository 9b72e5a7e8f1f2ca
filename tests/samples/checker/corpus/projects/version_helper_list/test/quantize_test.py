# seen in: model tests that pick the quantization namespace by the project's version helper (ClassyVision):
# on 2.15 the first branch runs, so its FX quantization import is what warns there
import torch

from vision.generic.util import get_torch_version


def post_training_quantize(model, example):
    if get_torch_version() >= [1, 11]:
        from torch.ao.quantization.quantize_fx import prepare_fx  # finding: quantize-fx-deprecated
    else:
        from torch.quantization.quantize_fx import prepare_fx
    if get_torch_version() < [1, 13]:
        return prepare_fx(model, {"": None})
    return prepare_fx(model, {"": None}, example_inputs=(example,))

