"""uint8 masks (uint8masks.py): only masks the file provably makes uint8 are reported, at the right line."""

import textwrap

from torchpatch.validators.checker.check import check_source


def _found(code: str) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in check_source(textwrap.dedent(code), "2.15", "m.py") if "uint8" in f.rule]


def test_uint8_makers_and_dtype_keeping_calls():
    code = """
    import torch as t

    def f(x, y, flags, device):
        a = x.to(t.uint8)
        b = y.type(t.ByteTensor).cuda()
        c = y.type("torch.ByteTensor")
        d = t.ones(3, dtype=t.uint8).to(device)
        x.masked_fill_(a, 0)
        x.where(b, y)
        x[c.unsqueeze(0)] = 1
        return x[d]
    """
    assert _found(code) == [(9, "uint8-mask-fill"), (10, "uint8-mask-condition"), (11, "uint8-mask-fill"),
                            (12, "uint8-mask-condition")]


def test_not_provably_uint8_stays_quiet():
    code = """
    import torch

    def f(x, masks, labels, names):
        for m in masks:
            x = x.masked_fill(m, 0)  # a loop variable: unknown
        mask = (x > 0).byte()
        mask = mask > 0
        y = x.masked_fill(mask, 0)  # rebound to a comparison first
        name = names[labels.byte()[0]]  # one element used as a number
        return y, name, x.float().where(x > 0, x)
    """
    assert _found(code) == []


def test_keyword_route_is_reported_at_the_maker_and_needs_every_caller():
    code = """
    import torch
    import torch.nn as nn

    class Block(nn.Module):
        def forward(self, x, pad_mask=None):
            return x.masked_fill(pad_mask, 0.0)

    class Net(nn.Module):
        def forward(self, x, lengths):
            pad = (torch.arange(x.size(1))[None] >= lengths[:, None]).byte()
            return self.block(x, pad_mask=pad)

    class Other(nn.Module):
        def forward(self, x):
            return self.block(x, pad_mask=x > 0)
    """
    assert _found(code) == []  # one caller passes a bool
    assert _found(code.replace("pad_mask=x > 0", "pad_mask=(x > 0).byte()")) == [
        (11, "uint8-mask-fill"), (16, "uint8-mask-fill")]
