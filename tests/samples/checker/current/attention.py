import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.nn.attention.varlen import varlen_attn


def attend(q, k, v, cu_q, cu_k, max_q, max_k):
    with sdpa_kernel(SDPBackend.MATH):
        dense = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    packed = varlen_attn(q, k, v, cu_q, cu_k, max_q, max_k, window_size=(-1, 0))
    return dense, packed
