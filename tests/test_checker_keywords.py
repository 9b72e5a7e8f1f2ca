"""keyword-not-accepted: keywords the target build's signatures lack (checker/acceptedkeywords.py,
torch-keywords.json made by radar/keywords.py)."""

from __future__ import annotations

import importlib
import inspect

import pytest

from torchpatch.validators.checker import check_source
from torchpatch.validators.checker.acceptedkeywords import AcceptedKeywords, shipped_keywords
from torchpatch.validators.markdown import Version


def refused(code: str, target: str = "2.15") -> list[tuple[int, str, str]]:
    return [(f.line, f.api, f.fix) for f in check_source(code, target, "m.py") if f.rule == "keyword-not-accepted"]


@pytest.mark.parametrize("code, expected", [
    ("import torch\nt = torch.split(torch.ones(4), split_size=2)\n",
     [(2, "torch.split", "did you mean `split_size_or_sections=` for `split_size=`?")]),
    ("import torch\nx = torch.normal(means=torch.zeros(2), std=1.0)\n",
     [(2, "torch.normal", "did you mean `mean=` for `means=`?")]),
    ("import torch\nloss = torch.ones(1).sum()\nloss.backward(retain_variables=True)\n",
     [(3, "torch.Tensor.backward", "did you mean `retain_graph=` for `retain_variables=`?")]),
    ("import torch\nopt = torch.optim.Adam([], lr=1e-3, l2_reg=False)\n", [(2, "torch.optim.Adam", None)]),
    # torch.svd's compute_uv did not come along to torch.linalg.svd (torch.linalg.svdvals gives the values alone)
    ("import torch\n_, s, _ = torch.linalg.svd(torch.eye(3), compute_uv=False)\n", [(2, "torch.linalg.svd", None)]),
])
def test_keywords_the_target_lacks_are_errors_with_the_near_spelling(code, expected):
    found = refused(code)
    assert [(line, api) for line, api, _ in found] == [(line, api) for line, api, _ in expected]
    for (_, _, fix), (_, _, wanted) in zip(found, expected):
        assert fix == wanted or (wanted is None and "did you mean" not in fix)


@pytest.mark.parametrize("code", [
    "import torch\ns = torch.sum(torch.ones(2, 2), axis=0, keepdims=True)\n",  # NumPy spellings the parser takes
    "import torch\nm = torch.max(torch.ones(2, 2), dim=1, keepdim=True)\n",
    # the stub says one_hot(tensor, ...), the parser takes input= (an ATen schema's self)
    "import torch.nn.functional as F\nimport torch\nh = F.one_hot(input=torch.arange(3), num_classes=3)\n",
    "import torch.nn as nn\nc = nn.Conv2d(3, 4, 3, bias=False, padding_mode='zeros')\n",
    "import torch\nkw = {'split_size': 2}\nt = torch.split(torch.ones(4), 2, **kw)\n",  # a spread: unknown names
    "class Cam:\n    def backward(self, ids):\n        pass\nimport torch\nCam().backward(ids=[1])\n",  # not a tensor's
    "import torch\ntry:\n    torch.split(torch.ones(4), split_size=2)\nexcept TypeError:\n    pass\n",
    # generated bindings without a stub, named as the parser names them
    "import torch\nu, s, vh = torch.linalg.svd(A=torch.eye(3), full_matrices=False, driver=None)\n",
    "import torch\nf = torch.fft.fft(input=torch.ones(4), n=4, dim=-1, norm='ortho')\n",
    "import torch\nn = torch.linalg.norm(torch.ones(3), ord=2, axis=0, keepdims=True)\n",
])
def test_accepted_spread_or_foreign_keywords_are_not_flagged(code):
    assert refused(code) == []


def test_the_data_speaks_only_for_the_release_it_was_read_from():
    code = "import torch\nt = torch.split(torch.ones(4), split_size=2)\n"
    assert refused(code, "2.15") and refused(code, "2.13") == []
    index = AcceptedKeywords({"torch.f": "a b"}, "2.15.0")
    assert index.covers(Version.parse("2.15")) and not index.covers(Version.parse("2.14"))
    assert index.refused("torch.f", ["a", "c"]) == ["c"] and index.refused("torch.g", ["z"]) == []


def test_shipped_data_agrees_with_the_installed_build():
    torch = pytest.importorskip("torch")
    index = shipped_keywords()
    assert str(index.build).startswith(torch.__version__.split("+")[0].rsplit(".", 1)[0])
    for qualified in ("torch.split", "torch.nn.functional.interpolate", "torch.optim.SGD", "torch.utils.data.DataLoader"):
        module, _, name = qualified.rpartition(".")
        parameters = inspect.signature(getattr(importlib.import_module(module), name)).parameters
        assert index.accepted(qualified) == {n for n, p in parameters.items() if p.kind in (
            p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    assert {"mean", "std", "size", "generator", "out"} <= index.accepted("torch.normal")  # every overload's names
    assert index.accepted("torch.nn.LSTM") is None  # takes **kwargs: any keyword may be fine


def test_generated_bindings_without_stubs_take_their_schema_names():
    """torch.linalg, torch.fft and torch.special bind ATen schemas with no stub: each name the data lists is one the
    build's parser takes (no "unexpected keyword argument"), and a name it lacks is refused there."""
    torch = pytest.importorskip("torch")
    index = shipped_keywords()
    checked = 0
    for module in (torch.linalg, torch.fft, torch.special):
        for name in ("svd", "norm", "fft", "erf", "matrix_exp", "solve"):
            qualified = f"{module.__name__}.{name}"
            if (accepted := index.accepted(qualified)) is None:
                continue
            function = getattr(module, name)
            for keyword in sorted(accepted - {"input", "A", "a", "x", "x1"}):
                try:
                    function(torch.eye(2), **{keyword: None})
                except TypeError as error:
                    assert "unexpected keyword argument" not in str(error), (qualified, keyword)
                except Exception:
                    pass
            with pytest.raises(TypeError):  # ("unexpected keyword argument", or no overload matching it)
                function(torch.eye(2), no_such_keyword=None)
            checked += 1
    assert checked >= 5 and "compute_uv" not in index.accepted("torch.linalg.svd")
    assert "out" not in index.accepted("torch.linalg.matrix_exp")  # an out schema the binding leaves out
