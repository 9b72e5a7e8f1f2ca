"""Torch modules and names a target build no longer has: the per-build index (radar/name_index.py), the
shipped comparison (checker/gone-names.json) and the `torch-name-gone` rule; and the eager quantization
rules, which must flag exactly the functions that warn on 2.15."""

from __future__ import annotations

import json

import pytest

from torchpatch.validators.checker import check_source
from torchpatch.validators.checker.gonenames import GONE_FILE, GoneNames
from torchpatch.validators.markdown import Version
from torchpatch.validators.radar.name_index import gone_names, index_build


def build(files: dict[str, str]):
    return index_build(files.items())


OLD = {
    "torch/__init__.py": "from torch._C import *\n",
    "torch/_six.py": "import math\ninf = math.inf\nstring_classes = (str, bytes)\n",
    "torch/_utils.py": "def _accumulate(xs):\n    pass\ndef _flatten(ts):\n    pass\n",
    "torch/utils/__init__.py": "from .helpers import *\n",
    "torch/utils/helpers.py": "__all__ = ['kept', 'dropped']\ndef kept(): pass\ndef dropped(): pass\n",
    "torch/lazy.py": "def old(): pass\n",
    "torch/back.py": "def blinks(): pass\n",
    "torch/_C/_nn.py": "def hidden(): pass\n",
}
NEW = {
    "torch/__init__.py": "from torch._C import *\n",
    "torch/_utils.py": "def _flatten(ts):\n    pass\nif True:\n    def _later(): pass\n",
    "torch/utils/__init__.py": "from .helpers import *\n",
    "torch/utils/helpers.py": "__all__ = ['kept']\ndef kept(): pass\n",
    "torch/lazy.py": "def __getattr__(name):\n    return name\n",
    "torch/back.py": "def other(): pass\n",
}
NEWEST = dict(NEW, **{"torch/back.py": "def other(): pass\ndef blinks(): pass\n"})


def test_index_reads_names_stars_children_and_dynamic_modules():
    index = build(OLD)
    assert {"_accumulate", "_flatten"} <= index["torch._utils"].names
    assert {"kept", "dropped", "helpers"} <= index["torch.utils"].names  # star-import resolved; child module
    assert not index["torch.utils"].dynamic
    assert "torch" not in index and not any(m.startswith("torch._C") for m in index)  # made at run time
    new = build(NEW)
    assert new["torch.lazy"].dynamic and "_later" in new["torch._utils"].names
    assert build({"torch/x.py": "from torch._C._nn import *\n"})["torch.x"].dynamic  # names unknowable here
    shim = build({"torch/impl.py": "__all__ = ['_helper']\ndef _helper(): pass\ndef _other(): pass\n",
                  "torch/shim.py": "from torch.impl import *\n"})["torch.shim"]
    assert "_helper" in shim.names and "_other" not in shim.names  # a star-import brings __all__, private names too


def test_a_star_import_of_a_dynamic_module_brings_the_names_its_source_shows():
    # torch 1.13's torch.testing star-imported a _deprecated module that also wrote globals() in a loop
    old = {"torch/testing/__init__.py": "from ._deprecated import *\n",
           "torch/testing/_deprecated.py": "__all__ = ['make_non_contiguous']\n"
                                           "def make_non_contiguous(t): pass\n"
                                           "for name in ['get_all_dtypes']:\n    globals()[name] = len\n"}
    index = build(old)
    assert "make_non_contiguous" in index["torch.testing"].names and index["torch.testing"].dynamic
    new = {"torch/testing/__init__.py": "def assert_close(a, b): pass\n"}
    gone = gone_names([(Version.parse("1.13"), index), (Version.parse("2.0"), build(new))])
    assert gone["torch.testing.make_non_contiguous"] == ["1.13", "2.0"]
    # the other way round: names are never claimed gone from a module whose newer list is incomplete
    assert not gone_names([(Version.parse("1.13"), build(new)), (Version.parse("2.0"), index)])


def test_gone_names_lists_what_the_newest_build_lacks_with_the_last_build_that_had_it():
    gone = gone_names([(Version.parse("2.0"), build(OLD)), (Version.parse("2.4"), build(NEW)),
                       (Version.parse("2.15"), build(NEWEST))])
    assert gone["torch._six"] == ["2.0", "2.4"]  # a module: its names are not listed one by one
    assert not any(name.startswith("torch._six.") for name in gone)
    assert gone["torch._utils._accumulate"] == ["2.0", "2.4"]
    assert gone["torch.utils.dropped"] == ["2.0", "2.4"] and gone["torch.utils.helpers.dropped"] == ["2.0", "2.4"]
    assert "torch._utils._flatten" not in gone and "torch.utils.kept" not in gone
    assert "torch.lazy.old" not in gone  # the module has a __getattr__ now: nothing can be claimed
    assert "torch.back.blinks" not in gone  # back in the newest build


def test_lookup_reports_the_outermost_gone_name_from_its_first_missing_build():
    index = GoneNames({"torch._six": "1.13 2.0", "torch._utils._accumulate": "2.2 2.3"},
                      {"torch._six.inf": "math.inf", "torch._utils._accumulate": "itertools.accumulate"})
    found = index.lookup("torch._six.inf", Version.parse("2.15"))
    assert (found.api, found.last, found.home) == ("torch._six", "1.13", "math.inf")
    assert index.lookup("torch._six.string_classes", Version.parse("2.15")).home is None
    assert index.lookup("torch._utils._accumulate", Version.parse("2.2")) is None  # still there on 2.2
    assert index.lookup("torch._utils._accumulate", Version.parse("2.3")).home == "itertools.accumulate"
    assert index.lookup("torch._utils", Version.parse("2.15")) is None
    assert index.lookup("torch", Version.parse("2.15")) is None


def test_shipped_index_is_small_ordered_and_names_its_builds():
    data = json.loads(GONE_FILE.read_text(encoding="utf-8"))
    builds = [Version.parse(b).sort_key for b in data["builds"]]
    assert builds == sorted(builds) and {"1.13", "2.0", "2.4", "2.15"} <= set(data["builds"])
    assert GONE_FILE.stat().st_size < 1_500_000
    assert data["gone"]["torch._six"] == "1.13 2.0"
    assert data["gone"]["torch._utils._accumulate"] == "2.2 2.3"
    for name, entry in data["gone"].items():
        last, first = entry.split()
        assert name.startswith("torch.") and Version.parse(last).sort_key < Version.parse(first).sort_key
        assert not name.startswith(("torch.ops.", "torch.classes."))
        if name.startswith("torch._C."):  # the extension's names: only as missing on the installed builds
            assert first in data["verified_on"], name
    assert data["gone"]["torch._C._update_worker_pids"] == "1.0 2.13"


def rules_of(code: str, version: str | None = None) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in check_source(code, version)]


def test_gone_imports_and_attribute_chains_are_errors_naming_the_last_build_and_the_home():
    code = ("import torch\nfrom torch._utils import _accumulate\nimport torch._six\n"
            "offsets = list(_accumulate([1, 2]))\nx = torch._six.inf\n")
    findings = check_source(code)
    assert [(f.line, f.rule, f.api, f.severity) for f in findings] == [
        (2, "torch-name-gone", "torch._utils._accumulate", "error"), (3, "torch-name-gone", "torch._six", "error"),
        (5, "torch-name-gone", "torch._six", "error")]
    assert findings[0].code.startswith("TP") and "torch 2.2" in findings[0].message
    assert findings[0].fix == "use itertools.accumulate instead" and findings[2].fix == "use math.inf instead"
    assert "torch 1.13" in findings[1].message


def test_one_import_of_several_gone_names_is_one_finding_with_each_home():
    findings = check_source("from torch._six import string_classes, inf\nfrom torch._six import PY37\n")
    assert [(f.line, f.api) for f in findings] == [(1, "torch._six"), (2, "torch._six")]
    assert findings[0].fix == "string_classes: use (str, bytes); inf: use math.inf"
    assert findings[1].fix.startswith("use the standard library")  # no home of its own: the module's


def test_target_version_keeps_its_meaning():
    code = "from torch._utils import _accumulate\n"
    assert rules_of(code, "2.2") == []
    assert rules_of(code, "2.3") == [(1, "torch-name-gone")]


@pytest.mark.parametrize("code", [
    "try:\n    from torch._six import inf\nexcept ImportError:\n    from math import inf\n",
    "try:\n    import torch._six as six\nexcept Exception:\n    six = None\n",
    "try:\n    from torch._six import inf\nexcept:\n    from torch import inf\n",
    "import torch\nif torch.__version__ < '2.0':\n    from torch._six import string_classes\nelse:\n    string_classes = str\n",
    "import torch\nfrom torch._utils import _flatten_dense_tensors\nimport torch.utils.data\n",
    "import torch\nx = torch.nn.functional.relu\n",
    "import six\nfrom six import string_types\n",
])
def test_guarded_or_present_names_are_not_flagged(code):
    assert [r for r in rules_of(code) if r[1] == "torch-name-gone"] == []


QUANT = ("import torch\nfrom torch.ao import quantization as tq\nimport torch.quantization.quantize_fx as qfx\n"
         "from torch.ao.quantization.quantize import propagate_qconfig_\n")


@pytest.mark.parametrize("call, rule", [
    ("tq.prepare(m)", "quantize-dynamic-deprecated"), ("tq.convert(m)", "quantize-dynamic-deprecated"),
    ("tq.prepare_qat(m)", "quantize-dynamic-deprecated"), ("tq.quantize_qat(m, f, a)", "quantize-dynamic-deprecated"),
    ("torch.quantization.quantize_dynamic(m)", "quantize-dynamic-deprecated"),
    ("tq.quantize(m, f, a)", "eager-quantize-deprecated"),
    ("qfx.prepare_fx(m, q, x)", "quantize-fx-deprecated"), ("qfx.prepare_qat_fx(m, q, x)", "quantize-fx-deprecated"),
    ("qfx.convert_fx(m)", "quantize-fx-deprecated"),
])
def test_eager_and_fx_quantization_functions_that_warn_are_flagged(call, rule):
    assert rules_of(QUANT + call + "\n") == [(5, rule)]


@pytest.mark.parametrize("call", [
    "tq.QuantStub()", "tq.DeQuantStub()", "tq.QuantWrapper(m)", "tq.fuse_modules(m, [['0', '1']])",
    "tq.get_default_qconfig('x86')", "tq.QConfig(activation=a, weight=w)", "tq.MinMaxObserver()",
    "propagate_qconfig_(m)", "qfx.fuse_fx(m)", "torch.ao.quantization.quantize_fx.convert_to_reference_fx(m)", "tq.get_default_qconfig_mapping('x86')",
])
def test_quantization_building_blocks_that_do_not_warn_are_not_flagged(call):
    assert rules_of(QUANT + call + "\n") == []


def test_quantization_rules_start_in_2_8():
    assert rules_of(QUANT + "tq.prepare(m)\n", "2.7") == []


def _rules_at(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in check_source(source, "2.15")]


def test_a_fallback_that_also_imports_a_gone_name_catches_nothing():
    both_gone = ("try:\n    from torch.hub import _download_url_to_file\n"
                 "except ImportError:\n    from torch._six import string_classes\n")
    assert _rules_at(both_gone) == [(2, "torch-name-gone")]
    working = ("try:\n    from torch.hub import _download_url_to_file\n"
               "except ImportError:\n    from torch.hub import download_url_to_file as _download_url_to_file\n")
    assert _rules_at(working) == []


def test_multi_tensor_optimizers_need_their_own_import():
    plain = "import torch\nopt = torch.optim._multi_tensor.AdamW([], lr=1.0)\n"
    assert _rules_at(plain) == [(2, "optim-multi-tensor-not-imported")]
    for imported in ("import torch.optim._multi_tensor\n", "from torch.optim import _multi_tensor\n",
                     "from torch.optim._multi_tensor import AdamW\n"):
        assert _rules_at("import torch\n" + imported + "opt = torch.optim._multi_tensor.AdamW([], lr=1.0)\n") == []


def _wheel(tmp_path, name: str, files: dict[str, str]):
    import zipfile

    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as wheel:
        for member, text in files.items():
            wheel.writestr(member, text)
    return str(path)


def test_torch_top_level_comes_from_the_documented_surface(tmp_path):
    from torchpatch.validators.radar.name_index import cached_index, torch_surface

    old = _wheel(tmp_path, "old.whl", {
        "torch/__init__.py": "from torch._C import *\n__all__ = ['typename']\ndef __getattr__(n): pass\n",
        "torch/_torch_docs.py": "add_docstr(torch.rfft,\n r'''doc''')\nadd_docstr(torch.abs, 'doc')\n",
        "torch/__init__.pyi": "def gesv(a, b): ...\nclass Base: ...\n",
        "torch/fft/__init__.py": "def fft2(x): pass\n"})
    new = _wheel(tmp_path, "new.whl", {
        "torch/__init__.py": "from torch._C import *\n__all__ = ['typename']\n",
        "torch/_C/_VariableFunctions.pyi": "def abs(x): ...\n",
        "torch/fft/__init__.py": "def fft2(x): pass\n"})
    assert {"rfft", "abs", "gesv", "Base", "typename"} <= torch_surface(old)
    old_index, new_index = cached_index(old, None), cached_index(new, None)
    assert "fft" in new_index["torch"].names and not new_index["torch"].dynamic  # a child module counts
    gone = gone_names([(Version.parse("1.7"), old_index), (Version.parse("2.15"), new_index)])
    assert gone["torch.rfft"] == ["1.7", "2.15"] and gone["torch.gesv"] == ["1.7", "2.15"]
    assert "torch.abs" not in gone and "torch.fft" not in gone and "torch.typename" not in gone


def test_torch_top_level_takes_what_its_init_star_imports_from_torch_modules(tmp_path):
    from torchpatch.validators.radar.name_index import cached_index

    old = _wheel(tmp_path, "old.whl", {  # 1.0: from .functional import * brought potrf and btrifact
        "torch/__init__.py": "from torch._C import *\nfrom .functional import *\n",
        "torch/functional.py": "__all__ = ['potrf', 'split']\ndef potrf(a): pass\ndef split(t): pass\n"
                               "def _helper(): pass\n"})
    new = _wheel(tmp_path, "new.whl", {
        "torch/__init__.py": "from torch._C import *\nfrom .functional import *\n",
        "torch/functional.py": "__all__ = ['split']\ndef split(t): pass\n"})
    old_index, new_index = cached_index(old, None), cached_index(new, None)
    assert {"potrf", "split"} <= old_index["torch"].names and "_helper" not in old_index["torch"].names
    gone = gone_names([(Version.parse("1.0"), old_index), (Version.parse("2.15"), new_index)])
    assert gone["torch.potrf"] == ["1.0", "2.15"] and "torch.split" not in gone


def test_torch_top_level_takes_the_public_names_its_init_binds(tmp_path):
    from torchpatch.validators.radar.name_index import cached_index

    old = _wheel(tmp_path, "old.whl", {  # 2.4 re-exported typing's names; 2.5 imports them under private names
        "torch/__init__.py": "import os\nfrom typing import Callable, Optional\nfrom torch._C import *\n"
                             "def _helper(): pass\n"})
    new = _wheel(tmp_path, "new.whl", {
        "torch/__init__.py": "import os\nfrom collections.abc import Callable as _Callable\nfrom torch._C import *\n"})
    old_index, new_index = cached_index(old, None), cached_index(new, None)
    assert {"os", "Callable", "Optional"} <= old_index["torch"].names and "_helper" not in old_index["torch"].names
    gone = gone_names([(Version.parse("2.4"), old_index), (Version.parse("2.15"), new_index)])
    assert gone["torch.Callable"] == ["2.4", "2.15"] and gone["torch.Optional"] == ["2.4", "2.15"]
    assert "torch.os" not in gone and "torch._Callable" not in gone


def test_typing_names_torch_once_re_exported_are_gone_with_typing_as_their_home():
    findings = check_source("from torch import Callable, Tensor\nimport torch\nMaybeInt = torch.Optional[int]\n")
    assert [(f.line, f.rule, f.api) for f in findings] == [
        (1, "torch-name-gone", "torch.Callable"), (3, "torch-name-gone", "torch.Optional")]
    assert findings[0].fix == "use typing.Callable instead" and "torch 2.4" in findings[0].message
    assert check_source("from torch import Callable\n", "2.4") == []


def test_module_aliases_are_read_from_sys_modules_assignments(tmp_path):
    from torchpatch.validators.radar.name_index import module_aliases

    wheel = _wheel(tmp_path, "w.whl", {
        "torch/distributed/_shard/checkpoint/__init__.py":
            "import sys\nimport torch\nsys.modules['torch.distributed._shard.checkpoint'] = torch.distributed.checkpoint\n",
        "torch/other.py": "import sys\nsys.modules['torch.elsewhere'] = torch.x\n",  # not its own name: not an alias
        "torch/local.py": "import sys\nsys.modules['torch.local'] = _impl\n"})  # a local name: unknown here
    assert module_aliases(wheel) == {"torch.distributed._shard.checkpoint": "torch.distributed.checkpoint"}
    index = GoneNames({}, aliases=module_aliases(wheel))
    assert index.alias_in("torch.distributed._shard.checkpoint.save_state_dict") == (
        "torch.distributed._shard.checkpoint", "torch.distributed.checkpoint")
    assert index.alias_in("torch.distributed.checkpoint.save") is None


def test_names_through_a_module_alias_get_the_real_modules_rules():
    code = ("import torch.distributed._shard.checkpoint as dist_cp\n"
            "from torch.distributed._shard.checkpoint import load_state_dict\n"
            "dist_cp.save_state_dict({}, storage_writer=dist_cp.FileSystemWriter('d'))\n"
            "load_state_dict({}, storage_reader=None)\n"
            "dist_cp.FileSystemReader('d')\n")
    assert sorted(rules_of(code)) == [(1, "shard-checkpoint-module-deprecated"),
                                      (2, "dcp-state-dict-functions-deprecated"),
                                      (2, "shard-checkpoint-module-deprecated"),
                                      (3, "dcp-state-dict-functions-deprecated")]  # reported at the import, not again


def test_shipped_index_knows_torch_functions_removed_before_1_8():
    data = json.loads(GONE_FILE.read_text(encoding="utf-8"))
    assert {"1.0", "1.7", "1.8"} <= set(data["builds"])
    for name in ("torch.rfft", "torch.irfft", "torch.ifft"):
        assert data["gone"][name] == "1.7 1.8"
    assert "torch.fft" not in data["gone"] and "torch.arange" not in data["gone"]
    assert data["aliases"]["torch.distributed._shard.checkpoint"] == "torch.distributed.checkpoint"


# --- what no build has (checker/surface.py, torch-surface.json) ------------------------------------

def test_build_facts_read_config_modules_and_top_level_torch_c_imports(tmp_path):
    from torchpatch.validators.radar.name_index import build_facts, cached_index

    wheel = _wheel(tmp_path, "w.whl", {
        "torch/__init__.py": "from torch._C import *\n",
        "torch/_dynamo/__init__.py": "",
        "torch/_dynamo/config.py": ("import sys\nfrom typing import TYPE_CHECKING\ncache_size_limit = 8\n"
                                    "if TYPE_CHECKING:\n    from torch.utils._config_typing import *\n"
                                    "def _mode():\n    m = sys.modules[__name__]\n    return m.cache_size_limit\n"
                                    "install_config_module(sys.modules[__name__])\n"),
        "torch/odd.py": "import sys\nglobals()['x'] = 1\ninstall_config_module(sys.modules[__name__])\n",
        "torch/utils/data/loader.py": ("from torch._C import _update_worker_pids, _xpu_only\n"
                                       "try:\n    from torch._C import _maybe\nexcept ImportError:\n    pass\n"),
    })
    facts = build_facts(wheel)
    assert facts["configs"] == ["torch._dynamo.config"]  # odd.py writes through globals(): still dynamic
    assert facts["c_names"] == ["torch._C._update_worker_pids"]  # guarded and device-only names prove nothing
    index = cached_index(wheel, None)
    assert not index["torch._dynamo.config"].dynamic and "cache_size_limit" in index["torch._dynamo.config"].names
    assert index["torch.odd"].dynamic


def test_gone_torch_c_names_are_the_ones_the_installed_build_lacks():
    import sys

    from torchpatch.validators.radar.name_index import gone_c_names

    facts = [(Version.parse("1.0"), {"c_names": ["torch._C._update_worker_pids", "torch._C._set_worker_signal_handlers"]}),
             (Version.parse("2.15"), {"c_names": []})]
    assert gone_c_names(facts, [(Version.parse("2.15"), sys.executable)]) == {
        "torch._C._update_worker_pids": ["1.0", "2.15"]}
    assert gone_c_names(facts, []) == {}  # without an installed build nothing can be claimed


def test_surface_lists_every_module_and_name_any_build_had():
    from torchpatch.validators.checker.surface import TorchSurface
    from torchpatch.validators.radar.name_index import surface_of

    old = build({"torch/__init__.py": "", "torch/legacy/__init__.py": "def nn(): pass\n",
                 "torch/utils/__init__.py": "", "torch/utils/data.py": "def _old_loop(): pass\n",
                 "torch/made.py": "def __getattr__(n): pass\n"})
    new = build({"torch/__init__.py": "", "torch/utils/__init__.py": "", "torch/utils/data.py": "def loop(): pass\n",
                  "torch/made.py": "x = 1\n"})
    listed = surface_of([(Version.parse("1.0"), old), (Version.parse("2.15"), new)], None, {})
    assert set(listed["torch.utils.data"].split()) == {"_old_loop", "loop"} and listed["torch.made"] == "*"
    surface = TorchSurface({**listed, "torch.aliased": "*"}, ["1.0", "2.15"])
    assert surface.missing_module("torch.never.nn") == "torch.never"
    assert surface.missing_module("torch.legacy") is None  # a build had it: the gone index says when it went
    assert surface.missing_module("torch.made.child") is None and surface.missing_module("torch.aliased.x") is None
    assert surface.missing_module("torch._C._nn") is None and surface.missing_module("torch.ops.aten") is None
    assert surface.missing_name("torch.utils.data", "_never") and not surface.missing_name("torch.utils.data", "loop")
    assert not surface.missing_name("torch.made", "anything")  # dynamic somewhere: names unknowable
    assert not surface.missing_name("torch.utils.data", "__all__")  # dunder names are not listed (pyro imports __all__)
    assert surface.covers(Version.parse("2.13")) and not surface.covers(Version.parse("2.16"))
    assert TorchSurface({}, []).missing_module("torch.anything") is None  # no file: nothing flagged


def test_shipped_surface_agrees_with_the_installed_build():
    import importlib

    from torchpatch.validators.checker.surface import SURFACE_FILE

    data = json.loads(SURFACE_FILE.read_text(encoding="utf-8"))
    assert data["builds"][0] == "1.0" and data["builds"][-1] == "2.15"
    modules = data["modules"]
    for name in ("torch.utils.data.dataloader", "torch.nn.functional", "torch._dynamo.config", "torch.utils.serialization"):
        listed = set(modules[name].split())
        runtime = {n for n in dir(importlib.import_module(name)) if not n.startswith("__")}
        assert runtime <= listed, (name, sorted(runtime - listed)[:5])
    assert "load_lua" not in modules["torch.utils.serialization"].split()
    assert "torch.legacy" not in modules and "torch.distributed.checkpoint._hf_storage" in modules


@pytest.mark.parametrize("code, target, expected", [
    ("import torch.legacy.nn\n", "2.15", [(1, "torch.legacy")]),
    ("from torch.utils.serialization import load_lua\n", "2.15", [(1, "torch.utils.serialization.load_lua")]),
    ("from torch.utils.data.dataloader import DataLoader, _worker_manager_loop\n", "2.13",
     [(1, "torch.utils.data.dataloader._worker_manager_loop")]),
    ("try:\n    import torch.legacy\nexcept ImportError:\n    pass\n", "2.15", []),
    ("import torch.legacy\n", "2.99", []),  # a build newer than the list read may have it
    ("import torch\n@torch._dynamo.config.patch(no_such_option_ever=True)\ndef f(): pass\n", "2.15",
     [(2, "torch._dynamo.config.no_such_option_ever")]),
    ("import torch\nwith torch._inductor.config.patch('triton.no_such_knob', 1):\n    pass\n", "2.15", []),
])
def test_names_no_build_has_are_flagged_on_import(code, target, expected):
    findings = check_source(code, target, "m.py")
    assert [(f.line, f.api) for f in findings if f.rule == "torch-name-gone"] == expected


@pytest.mark.parametrize("code, expected", [
    ("import torch\nc = torch.nn.loss.MSELoss()\n", [(2, "torch.nn.loss")]),
    ("import torch.nn.functional as F\nimport torch\nx = F.Variable(torch.ones(1))\n",
     [(3, "torch.nn.functional.Variable")]),
    ("import torch\nclass M(torch.nn.Nodule):\n    pass\n", [(2, "torch.nn.Nodule")]),
    # the old module path re-exports only some of torch.ao's names
    ("import torch.quantization.quantize_fx as qfx\nqfx.convert_to_reference_fx(m)\n",
     [(2, "torch.quantization.quantize_fx.convert_to_reference_fx")]),
    # a parameter of an enclosing function is another value there
    ("import torch.utils.data as data\ndef collate(data):\n    data.sort()\n", []),
    # a config module lists its options, not the methods every config module has
    ("import torch._functorch.config as cfg\nwith cfg.patch(donated_buffer=False):\n    pass\n", []),
    # the file sets the name itself, or stores through it
    ("import torch.nn.functional as F\nF.swish = lambda x: x\ny = F.swish(1)\n", []),
    ("import torch\ntorch.backends.cudnn.benchmark = True\nb = torch.nn.functional.relu\n", []),
])
def test_attributes_no_build_binds_are_flagged(code, expected):
    findings = check_source(code, "2.15", "m.py")
    assert [(f.line, f.api) for f in findings if f.rule == "torch-name-gone"] == expected


def test_a_name_another_file_of_the_project_sets_is_not_flagged(tmp_path):
    (tmp_path / "setup.py").write_text("")
    (tmp_path / "patch.py").write_text("import torch.nn.functional as F\nF.mish2 = lambda x: x\n")
    (tmp_path / "use.py").write_text("import torch.nn.functional as F\ny = F.mish2(1)\nz = F.mish3(1)\n")
    from torchpatch.validators.checker import check_paths
    report = check_paths([tmp_path], "2.15")
    assert [(f.line, f.api) for f in report.findings if f.rule == "torch-name-gone"] == [
        (3, "torch.nn.functional.mish3")]


# --- private names right under torch (checker/privatenames.py, torch-private-names.json) -------------------------
def test_shipped_private_names_agree_with_the_installed_build():
    import torch

    from torchpatch.validators.checker.privatenames import PRIVATE_FILE

    data = json.loads(PRIVATE_FILE.read_text(encoding="utf-8"))
    listed = set(data["builds"][torch.__version__.split("+")[0].rsplit(".", 1)[0]])
    import types

    private = {n for n in dir(torch) if n.startswith("_") and not n.startswith("__")
               and not isinstance(getattr(torch, n), types.ModuleType)}  # a module is there once imported
    assert private <= listed, sorted(private - listed)[:5]
    assert "_dynamo" in listed and "_unique_dim" not in listed  # served by torch.__getattr__; gone since 1.x


@pytest.mark.parametrize("code, target, expected", [
    ("import torch\ntorch._unique_dim(x, dim=0)\n", "2.15", [(2, "torch._unique_dim")]),
    ("import torch\ntorch._unique_dim(x, dim=0)\n", "2.13", []),  # no list recorded for that build
    ("import torch\nif hasattr(torch, '_unique_dim'):\n    torch._unique_dim(x, dim=0)\n", "2.15", []),
    ("import torch\ntorch._unique2(x)\ntorch._refs.add\ntorch.__future__\n", "2.15", []),  # there, a module, dunder
    ("import torch\ntorch._patched = 1\ntorch._patched\n", "2.15", []),  # the file sets it
    # below torch the surface answers (no build's torch.nn binds it), not the private-name list
    ("import torch\ntorch.nn._unique_dim\n", "2.15", [(2, "torch.nn._unique_dim")]),
])
def test_private_names_the_target_lacks(code, target, expected):
    findings = check_source(code, target, "m.py")
    assert [(f.line, f.api) for f in findings if f.rule == "torch-name-gone"] == expected


def test_a_gone_name_in_an_evaluated_annotation_is_an_error_unless_annotations_are_postponed():
    code = "import torch.distributed as dist\n\ndef hook(state, bucket: dist._GradBucket):\n    return bucket\n"
    assert [(f.line, f.rule) for f in check_source(code, "2.15", "hook.py")] == [(3, "torch-name-gone")]
    assert check_source("from __future__ import annotations\n" + code, "2.15", "hook.py") == []


def test_the_later_of_two_imports_of_one_name_holds():
    # pytorch-ensembles' varinf.py: `from torch import functional as F`, then `from torch.nn import functional as F`
    code = ("from torch import functional as F\nfrom torch.nn import functional as F\n\n"
            "def f(x, w):\n    return F.linear(x, w)\n")
    assert check_source(code, "2.15", "varinf.py") == []
    swapped = "\n".join([code.split("\n")[1], code.split("\n")[0], *code.split("\n")[2:]])
    assert [f.rule for f in check_source(swapped, "2.15", "varinf.py")] == ["torch-name-gone"]


def test_names_a_recorded_private_module_lacks_are_gone():
    # BigGAN-Generator-Pretrained-Pytorch and pytorch-ensembles copy torch 1.0's weak_script markers
    code = ("import torch\nfrom torch._jit_internal import weak_module, weak_script_method\n\n"
            "@torch._jit_internal.weak_script\ndef normalize(x):\n    return x\n\n"
            "@torch._jit_internal.ignore\ndef kept(x):\n    return x\n\n"
            "@weak_module\nclass Layer:\n    pass\n")  # a use of the imported name: said at its import
    found = [(f.line, f.rule, f.message) for f in check_source(code, "2.15", "util.py")]
    assert sorted((line, rule) for line, rule, _ in found) == [(2, "torch-name-gone")] * 2 + [(4, "torch-name-gone")]
    imports = sorted(message for line, _, message in found if line == 2)
    assert "ImportError there: cannot import name 'weak_module' from 'torch._jit_internal'" in imports[0]
    assert "cannot import name 'weak_script_method'" in imports[1]
    assert any("AttributeError there" in message for line, _, message in found if line == 4)
