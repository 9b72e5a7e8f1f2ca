# seen in: a fine-tuning library's attention kernels whose flex-attention path is switched off on both paths
# of the import's try (unsloth's kernels/flex_attention.py), so the else branch never defines its wrapper; a
# flag that either path sets True still lets the branch run
import functools

import torch

try:
    from torch.nn.attention.flex_attention import create_block_mask as _create_block_mask
    HAS_FLEX = False
except ImportError:
    HAS_FLEX = False

try:
    from torch.nn.attention.flex_attention import create_block_mask as _block_mask
    FLEX_READY = True
except ImportError:
    FLEX_READY = False


if not HAS_FLEX:
    def attention(q, k, v):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v)
else:
    @functools.lru_cache
    def create_block_mask(mask, n=128):
        return _create_block_mask(mask, 1, 1, n, n, _compile=True)


if FLEX_READY:
    def create_ready_mask(mask, n=128):
        return _block_mask(mask, 1, 1, n, n, _compile=True)  # finding: create-block-mask-compile-flag
