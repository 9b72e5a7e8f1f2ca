# seen in: a copy of torch's lazy unpickler that rebuilds storages with _internal=True (lit-llama), and a
# block-mask builder that passes _compile=False (a diffusers transformer): argument values torch does not
# warn for; the same calls with the warning value, or a value only known at run time, still warn
import torch
from torch.nn.attention.flex_attention import create_block_mask


def rebuild(untyped, dtype):
    return torch.storage.TypedStorage(wrap_storage=untyped, dtype=dtype, _internal=True)


def rebuild_public(untyped, dtype):
    return torch.storage.TypedStorage(wrap_storage=untyped, dtype=dtype)  # finding: typed-storage-classes


def rebuild_flagged(untyped, dtype, internal):
    return torch.TypedStorage(wrap_storage=untyped, dtype=dtype, _internal=internal)  # finding: typed-storage-classes


def causal(b, h, q, kv):
    return q >= kv


def masks(seq_len, compile_it):
    eager = create_block_mask(causal, 1, 1, seq_len, seq_len, _compile=False)
    fast = create_block_mask(causal, 1, 1, seq_len, seq_len, _compile=True)  # finding: create-block-mask-compile-flag
    chosen = create_block_mask(causal, 1, 1, seq_len, seq_len, _compile=compile_it)  # finding: create-block-mask-compile-flag
    return eager, fast, chosen
