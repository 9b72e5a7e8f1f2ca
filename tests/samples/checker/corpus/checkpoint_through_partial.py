# seen in: rounds 57 and 60 (a GPT-2 re-implementation, LUAR's memory-efficient attention): the partial binds
# checkpoint without use_reentrant and no call in the file passes it, so every call through it warns; the finding
# is at the partial. A partial of grid_sample given align_corners, and one of a callable with no such rule, stay quiet.
from functools import partial

import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


def summarize_chunk(q, k, v):
    return (q @ k.transpose(-1, -2)).softmax(-1) @ v


checkpointed_chunk = partial(checkpoint, summarize_chunk)  # finding: checkpoint-without-use-reentrant
sample = partial(F.grid_sample, mode="bilinear", align_corners=False)
activation = partial(F.leaky_relu, negative_slope=0.2)


def attend(q, k, v, needs_backward):
    summarize = checkpointed_chunk if needs_backward else summarize_chunk
    return summarize(q, k, v)
