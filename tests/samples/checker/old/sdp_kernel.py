# expect: compiler-and-attention#sdpa_kernel-selects-sdpa-backends
import torch
import torch.nn.functional as F

with torch.backends.cuda.sdp_kernel(enable_flash=True, enable_math=False):
    out = F.scaled_dot_product_attention(q, k, v)
