"""The attribute list that tells a pickled object from what weights_only loads (weights-only-attributes.json)."""

import io
import json
import textwrap
from collections import OrderedDict

import pytest
import torch

from torchpatch.validators.checker import check_paths
from torchpatch.validators.checker.loaded import ATTRIBUTES_FILE, loaded_value_attributes
from torchpatch.validators.radar.weights_only_globals import loaded_value_attributes as from_build


class Structure:  # a class of the project's own: weights_only refuses it
    def transpose_rows(self):
        return self


def test_shipped_attributes_match_the_pinned_build():
    assert json.loads(ATTRIBUTES_FILE.read_text(encoding="utf-8")) == from_build()


def test_every_attribute_of_a_weights_only_load_is_listed():
    buf = io.BytesIO()
    torch.save({"w": torch.ones(2, 3), "p": torch.nn.Parameter(torch.ones(1)), "n": "x", "i": 3, "f": 0.5,
                "l": [1], "t": (1,), "s": torch.Size([2]), "d": torch.float16, "o": OrderedDict(a=1)}, buf)
    buf.seek(0)
    loaded = torch.load(buf)
    listed = loaded_value_attributes()
    for value in loaded.values():
        missing = {name for name in dir(value) if not name.startswith("_")} - listed
        assert not missing, (type(value), sorted(missing)[:5])


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
