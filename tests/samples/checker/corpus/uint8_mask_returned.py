# seen in: UNITER's data/itm.py (_compute_pad returns torch.zeros(..., dtype=torch.uint8) filled with 1 past each
# length): a mask the file's own function returns is uint8 at the call that receives it
import torch


def _compute_pad(lens, max_len):
    pad = torch.zeros(len(lens), max_len, dtype=torch.uint8)
    for i, l in enumerate(lens):
        pad.data[i, l:].fill_(1)
    return pad


def _bool_pad(lens, max_len):
    return torch.zeros(len(lens), max_len, dtype=torch.bool)


def _either_pad(lens, max_len, as_bool):
    if as_bool:
        return _bool_pad(lens, max_len)
    return _compute_pad(lens, max_len)


def masked_cost(cost, txt_lens, img_lens):
    txt_pad = _compute_pad(txt_lens, max(txt_lens))
    img_pad = _bool_pad(img_lens, max(img_lens))
    cost = cost.masked_fill(img_pad, 0)
    cost = cost.masked_fill(_either_pad(img_lens, 3, True), 0)
    return cost.masked_fill(txt_pad, 0)  # finding: uint8-mask-fill
