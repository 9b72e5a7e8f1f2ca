# seen in: ChatGLM-6B's copy of the transformers Trainer, which reads transformers' own version flags
import torch
from transformers.pytorch_utils import is_torch_greater_or_equal_than_1_10, is_torch_less_than_1_11


def autocast_context(device):
    if is_torch_greater_or_equal_than_1_10:
        # true on current torch: this branch runs there, so it is checked
        return torch.cuda.amp.autocast()  # finding: cuda-amp-autocast
    return torch.cuda.amp.autocast()


def old_fallback(x):
    if is_torch_less_than_1_11:
        return torch.cuda.amp.autocast()  # never runs on current torch
    return x
