"""``getattr(module, "name")`` is the same lookup as ``module.name``: call rules see calls through it."""

import textwrap

from torchpatch.validators.checker import check_source


def _found(code: str) -> list[tuple[int, str, str]]:
    return [(f.line, f.rule, f.applicability) for f in check_source(textwrap.dedent(code), "2.15")]


def test_a_call_through_a_literal_getattr_is_found_and_not_rewritten():
    assert _found("""
        import torch
        a = getattr(torch.cuda, "FloatTensor")(3)
        b = getattr(getattr(torch, "sparse"), "FloatTensor")(i, v, size)
        """) == [(3, "cuda-dtype-tensor-constructor", "none"), (4, "sparse-dtype-tensor-constructor", "none")]


def test_a_probe_with_a_default_or_a_name_held_in_a_variable_is_left_alone():
    assert _found("""
        import torch
        a = getattr(torch.cuda, "FloatTensor", None)
        b = getattr(torch.cuda, name)(3)
        c = getattr(torch.cuda, "FloatTensor", torch.Tensor)(3)
        """) == []
