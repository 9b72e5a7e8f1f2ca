# seen in: a vision attention that passes window_size= or is_causal= to varlen_attn depending on which
# parameter inspect.signature shows (lerobot's Wall-X policy): on 2.15 varlen_attn has window_size, so
# the is_causal branch never runs; a dict that always gets is_causal still raises there
import inspect

from torch.nn.attention.varlen import varlen_attn

USES_WINDOW_SIZE = varlen_attn is not None and "window_size" in inspect.signature(varlen_attn).parameters
TAKES_IS_CAUSAL = "is_causal" in inspect.signature(varlen_attn).parameters


def attend(q, k, v, cu_seq, max_len, scale):
    kwargs = {"scale": scale}
    if USES_WINDOW_SIZE:
        kwargs["window_size"] = (-1, -1)
    else:
        kwargs["is_causal"] = False
    return varlen_attn(q, k, v, cu_seq, cu_seq, max_len, max_len, **kwargs)


def attend_causal(q, k, v, cu_seq, max_len):
    if TAKES_IS_CAUSAL:
        return varlen_attn(q, k, v, cu_seq, cu_seq, max_len, max_len, is_causal=True)
    return varlen_attn(q, k, v, cu_seq, cu_seq, max_len, max_len, window_size=(-1, 0))


def attend_always(q, k, v, cu_seq, max_len):
    kwargs = {}
    kwargs["is_causal"] = True
    return varlen_attn(q, k, v, cu_seq, cu_seq, max_len, max_len, **kwargs)  # finding: varlen-attn-is-causal
