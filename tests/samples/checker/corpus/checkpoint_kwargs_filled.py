# Seen in crowsonkb/k-diffusion (models/image_transformer_v1.py, v2.py): a checkpoint helper that fills
# use_reentrant into its own **kwargs before passing them on (no warning on 2.15); a helper that does not, and
# whose callers pass nothing, still calls checkpoint without use_reentrant.
import torch
import torch.utils.checkpoint


def checkpoint_helper(function, *args, **kwargs):
    kwargs.setdefault("use_reentrant", True)
    return torch.utils.checkpoint.checkpoint(function, *args, **kwargs)


def checkpoint_indexed(function, *args, **kwargs):
    kwargs["use_reentrant"] = False
    return torch.utils.checkpoint.checkpoint(function, *args, **kwargs)


def checkpoint_plain(function, *args, **kwargs):
    return torch.utils.checkpoint.checkpoint(function, *args, **kwargs)  # finding: checkpoint-without-use-reentrant


def run(block, x):
    return checkpoint_helper(block, x) + checkpoint_indexed(block, x) + checkpoint_plain(block, x)
