# expect: deprecation-messages#torch_check_is_size-and-guard_size_oblivious
import torch


def hint(n):
    torch._check_is_size(n)
    return n
