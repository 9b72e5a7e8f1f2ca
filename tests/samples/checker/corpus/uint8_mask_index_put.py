# seen in: robustness's attacker (to_ret[misclass] = adv[misclass] with misclass = ~corr.byte()). A store through a
# uint8 mask is masked_fill_ for a number (RuntimeError) but index_put_ for a tensor of several values, which only
# warns "indexing with dtype torch.uint8 is now deprecated" (torch 2.15, run).
import torch


def keep_misclassified(to_ret, adv, corr):
    misclass = ~corr.byte()
    to_ret[misclass] = adv[misclass]  # finding: uint8-mask-condition
    return to_ret


def copy_selected(out, src, picks, flags):
    mask = torch.ByteTensor(flags)
    out[mask] = src[picks]  # finding: uint8-mask-condition
    out[mask] += 1  # finding: uint8-mask-condition
    out[mask] = 0.5  # finding: uint8-mask-fill
    out[mask] = src[0]  # finding: uint8-mask-fill
    return out
