# seen in: an audio codec wrapper that picks the parametrization weight_norm when torch has it and keeps the
# old one only as a fallback (parler-tts's DAC wrapper); a default the next branch replaces only on old
# releases, or that is used before the swap, is still the deprecated function
import torch.nn as nn


def apply_weight_norm(model):
    weight_norm = nn.utils.weight_norm
    if hasattr(nn.utils.parametrizations, "weight_norm"):
        weight_norm = nn.utils.parametrizations.weight_norm
    for module in model.modules():
        if isinstance(module, nn.Conv1d):
            weight_norm(module)


def apply_weight_norm_first(model):
    weight_norm = nn.utils.weight_norm  # finding: weight-norm-deprecated
    weight_norm(model[0])
    if hasattr(nn.utils.parametrizations, "weight_norm"):
        weight_norm = nn.utils.parametrizations.weight_norm
    return weight_norm
