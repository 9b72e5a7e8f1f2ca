"""The attribute list that tells a pickled object from what weights_only loads (weights-only-attributes.json)."""

import io
import json
import subprocess
import sys
import textwrap

import pytest
import torch

from torchpatch.validators.checker import check_paths
from torchpatch.validators.checker.loadedforms import ATTRIBUTES_FILE, loaded_value_attributes


class Structure:  # a class of the project's own: weights_only refuses it
    def transpose_rows(self):
        return self


def test_shipped_attributes_match_the_pinned_build(tmp_path):
    # in a fresh interpreter, as the file is made: modules other tests import add attributes to torch classes
    out = tmp_path / "attributes.json"
    subprocess.run([sys.executable, "-m", "torchpatch.validators.radar.weights_only_globals", "--attributes",
                    "--out", str(out)], check=True)
    assert json.loads(ATTRIBUTES_FILE.read_text(encoding="utf-8")) == json.loads(out.read_text(encoding="utf-8"))


_LOAD_AND_LIST = """
import io, json, sys
from collections import OrderedDict
import torch
buf = io.BytesIO()
torch.save({"w": torch.ones(2, 3), "p": torch.nn.Parameter(torch.ones(1)), "n": "x", "i": 3, "f": 0.5,
            "l": [1], "t": (1,), "s": torch.Size([2]), "d": torch.float16, "o": OrderedDict(a=1)}, buf)
buf.seek(0)
loaded = torch.load(buf)
json.dump(sorted({name for value in loaded.values() for name in dir(value) if not name.startswith("_")}), sys.stdout)
"""


def test_every_attribute_of_a_weights_only_load_is_listed():
    # a fresh interpreter: what a plain weights_only load gives back, before any test patches torch classes
    shown = subprocess.run([sys.executable, "-c", _LOAD_AND_LIST], check=True, capture_output=True, text=True)
    assert set(json.loads(shown.stdout)) - loaded_value_attributes() == set()


def test_an_item_read_with_a_foreign_attribute_is_an_object(tmp_path):
    (tmp_path / "use.py").write_text(textwrap.dedent("""
        import torch
        def read(p):
            data = torch.load(p)
            return data["struct"].transpose_rows(), data["w"].mT
        def plain(p):
            data = torch.load(p)
            return data["w"].to_dense(), data["names"].items()
    """))
    rules = sorted((f.line, f.rule) for f in check_paths([str(tmp_path / "use.py")]).findings)
    assert rules == [(4, "torch-load-pickled-object")]
    # and that load does fail on torch 2.15
    buf = io.BytesIO()
    torch.save({"struct": Structure(), "w": torch.ones(2, 2)}, buf)
    buf.seek(0)
    with pytest.raises(Exception, match="Unsupported global"):
        torch.load(buf)
