# expect: compiler-and-attention#varlen_attn-window_size-replaced-is_causal
import torch
from torch.nn.attention import varlen


def attend(q, k, v, cu_q, cu_k, max_q, max_k):
    a = varlen.varlen_attn(q, k, v, cu_q, cu_k, max_q, max_k, is_causal=True)
    b = varlen.varlen_attn(q, k, v, cu_q, cu_k, max_q, max_k, True)
    return a, b
