"""Other names the target build binds a rule's object to (``torch.jit._fork is torch.jit.fork``): the shipped
data (checker/object-aliases.json, made by radar/object_aliases.py), the rule loader's choice of aliases per rule,
and the findings under an alias."""

from __future__ import annotations

import importlib
import json

import pytest

from torchpatch.validators.checker import check_source
from torchpatch.validators.checker.metarules import _torch_names
from torchpatch.validators.checker.objectaliases import (ALIAS_KINDS, ALIASES_FILE, read_object_aliases,
                                                         with_object_aliases)
from torchpatch.validators.checker.rule import Rule
from torchpatch.validators.checker.ruleset import default_references_dir, default_rules, load_rules
from torchpatch.validators.markdown import Version
from torchpatch.validators.radar.object_aliases import asked_apis


def rule(id: str, apis: tuple[str, ...], kind: str = "name", severity: str = "warning", **fields) -> Rule:
    return Rule(id=id, section="s#a", apis=apis, kind=kind, version=Version.parse("2.0"), message=f"{id} message",
                fix="f", severity=severity, **fields)


ALIASES = {"torch.jit.fork": ["torch.jit._async.fork", "torch.jit._fork"],
           "torch.distributed.gather_into_tensor": ["torch.distributed.distributed_c10d.gather_into_tensor",
                                                    "torch.distributed.gather_single"],
           "torch.nn.MSELoss": ["torch.nn.modules.loss.MSELoss"]}


def test_a_warning_name_rule_takes_every_alias_and_keeps_its_first_api_first():
    [grown] = with_object_aliases([rule("fork", ("torch.jit.fork", "torch.jit.wait"))], ALIASES)
    assert grown.apis == ("torch.jit.fork", "torch.jit.wait", "torch.jit._async.fork", "torch.jit._fork")
    assert grown.id == "fork" and grown.message == "fork message"


def test_a_spelling_rule_takes_only_the_same_name_elsewhere_never_a_differently_named_alias():
    # info: the name is the finding (a compatibility spelling); a differently named alias may be the new home
    [grown] = with_object_aliases([rule("compat", ("torch.distributed.gather_into_tensor",), severity="info")],
                                  ALIASES)
    assert grown.apis == ("torch.distributed.gather_into_tensor",
                          "torch.distributed.distributed_c10d.gather_into_tensor")


def test_call_shape_rules_take_aliases_and_method_rules_none():
    keyword = rule("loss", ("torch.nn.MSELoss",), kind="keyword", argument="size_average")
    method = rule("m", ("torch.jit.fork",), kind="method")
    grown_keyword, grown_method = with_object_aliases([keyword, method], ALIASES)
    assert grown_keyword.apis == ("torch.nn.MSELoss", "torch.nn.modules.loss.MSELoss")
    assert grown_method.apis == ("torch.jit.fork",)
    assert "method" not in ALIAS_KINDS and "keyword" in ALIAS_KINDS


def test_an_alias_another_rule_of_the_same_pattern_lists_is_left_to_that_rule():
    first = rule("fork", ("torch.jit.fork",))
    other = rule("private", ("torch.jit._fork",))
    grown, kept = with_object_aliases([first, other], ALIASES)
    assert grown.apis == ("torch.jit.fork", "torch.jit._async.fork") and kept.apis == ("torch.jit._fork",)


def test_no_data_grows_no_rule(tmp_path):
    assert read_object_aliases(tmp_path / "missing.json") == {}
    rules = [rule("fork", ("torch.jit.fork",))]
    assert with_object_aliases(rules, {}) == rules


def test_shipped_file_is_well_formed_and_made_from_the_target_build():
    data = json.loads(ALIASES_FILE.read_text(encoding="utf-8"))
    assert data["format"] == 1 and data["build"] == "2.15.0"
    assert ALIASES_FILE.stat().st_size < 200_000
    asked = set(data["asked"])
    for api, aliases in data["aliases"].items():
        assert api in asked and aliases == sorted(set(aliases)) and api not in aliases
        assert all(alias.startswith("torch.") for alias in aliases)
    assert {"torch.jit._fork", "torch.jit._async.fork"} <= set(data["aliases"]["torch.jit.fork"])
    assert "torch.jit._wait" in data["aliases"]["torch.jit.wait"]
    # `quantize` is both a function and the module holding it: an alias that names a module is never listed
    assert not any(alias == "torch.ao.quantization.quantize" for aliases in data["aliases"].values()
                   for alias in aliases)


def test_shipped_file_asked_about_exactly_the_current_rules():
    rules = load_rules(default_references_dir(), object_aliases=False).rules
    assert json.loads(ALIASES_FILE.read_text(encoding="utf-8"))["asked"] == asked_apis(rules), (
        "the rules changed: regenerate with `.venv/bin/python -m torchpatch.validators.radar.object_aliases "
        "--python .venv/bin/python --out validators/checker/object-aliases.json`")


def _resolve(dotted: str):
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part)
        return value
    raise ImportError(dotted)


@pytest.mark.parametrize("api", ["torch.jit.fork", "torch.jit.wait", "torch.load", "torch.nn.MSELoss",
                                 "torch.cuda.amp.autocast", "torch.distributed.gather_into_tensor"])
def test_each_alias_is_the_identical_object_on_the_installed_build(api):
    torch = pytest.importorskip("torch")
    if not torch.__version__.startswith("2.15"):
        pytest.skip("the shipped aliases are the 2.15 build's")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for alias in read_object_aliases()[api]:
            assert _resolve(alias) is _resolve(api), alias


def test_the_shipped_rules_report_a_private_alias_with_the_public_names_rule_and_message():
    rules = default_rules()
    public = check_source("import torch\nf = torch.jit.fork(len, [1])\n", "2.15", rules=rules)
    private = check_source("import torch\nf = torch.jit._fork(len, [1])\nr = torch.jit._wait(f)\n", "2.15",
                           rules=rules)
    assert [(f.line, f.rule) for f in private] == [(2, "jit-fork-warns"), (3, "jit-fork-warns")]
    assert {f.message for f in private} == {f.message for f in public}
    imported = check_source("from torch.jit._async import fork\nfuture = fork(len, [1])\n", "2.15", rules=rules)
    assert [(f.line, f.rule) for f in imported] == [(1, "jit-fork-warns")]


def test_a_public_home_that_is_another_object_stays_quiet():
    code = ("import torch\nimport torch.distributed as dist\n"
            "dist.gather_single(out, inp)\ntorch.compiler.reset()\ntorch.compiler.is_compiling()\n")
    assert check_source(code, "2.15", rules=default_rules()) == []


def test_a_snippet_asserting_hasattr_makes_the_name_current_for_the_meta_rules():
    names = _torch_names('import torch.utils.cpp_extension as ce\n'
                         'assert hasattr(ce, "FileLock") and not hasattr(ce, "FileBaton")\n')
    assert "torch.utils.cpp_extension.FileLock" in names and "torch.utils.cpp_extension.FileBaton" not in names
    ids = {r.id for r in default_rules().rules}
    assert "file-lock-removed" not in ids and "file-baton-removed" in ids
