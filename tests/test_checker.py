"""The checker: old-style code is flagged with the right section, current code comes back clean,
rules point at sections that exist, bad input is refused with a position, and nothing is executed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.validators.checker import (
    FIELDS,
    MAX_SOURCE_BYTES,
    Finding,
    check_paths,
    check_source,
    default_references_dir,
    load_rules,
)
from torchpatch.validators.checker.rulefile import read_rule_file, rule_problems
from torchpatch.validators.errors import InvalidInput, NotFound
from torchpatch.validators.markdown import iter_reference_files, parse_reference

SAMPLES = Path(__file__).parent / "samples" / "checker"
OLD = sorted((SAMPLES / "old").glob("*.py"))
CURRENT = sorted((SAMPLES / "current").glob("*.py"))
REFERENCES = default_references_dir()
RULES_FILE = REFERENCES / "check-rules.toml"
_EXPECT = re.compile(r"^# expect: (\S+)$", re.MULTILINE)
# Catching the error, recording the warning, or capturing the log (torch._library's renames warn through logging).
# (a child process's stderr read for the warning it printed records it too: the launcher run as a module)
_DEMONSTRATES = re.compile(r"\bexcept\b|catch_warnings|pytest\.(raises|warns)|\.addHandler\(|assertLogs|\.stderr\b")


@pytest.fixture(scope="module")
def shipped_rules():
    """The real rule file and whatever references exist now."""
    return load_rules(REFERENCES)


@pytest.fixture(scope="module")
def fixture_rules():
    return load_rules(SAMPLES / "references")


# --- the corpus ------------------------------------------------------------------------------

@pytest.mark.parametrize("sample", OLD, ids=lambda p: p.stem)
def test_old_style_code_is_flagged_with_its_section(sample, shipped_rules):
    code = sample.read_text()
    expected = set(_EXPECT.findall(code))
    assert expected, f"{sample.name} needs '# expect: <section-id>' lines"
    findings = check_source(code, "2.15", sample.name, rules=shipped_rules)
    assert {f.section for f in findings} == expected, "\n".join(map(str, findings))


@pytest.mark.parametrize("sample", CURRENT, ids=lambda p: p.stem)
def test_current_code_comes_back_clean(sample, shipped_rules):
    findings = check_source(sample.read_text(), "2.15", sample.name, rules=shipped_rules)
    assert findings == [], "\n".join(map(str, findings))


def test_every_rule_has_an_old_style_sample(shipped_rules):
    """Each shipped rule's section is exercised by the corpus, so a rule cannot rot unseen."""
    expected = {section for sample in OLD for section in _EXPECT.findall(sample.read_text())}
    rules, _ = read_rule_file(RULES_FILE)
    assert {rule.section for rule in rules} <= expected


# --- rules point at real sections ---------------------------------------------------------------

def test_rule_file_in_references_is_well_formed_and_points_at_existing_sections():
    """A rule whose reference file exists must name one of its sections, with a version its metadata names.

    Rules for a reference file that is not written yet are listed in the skip reason.
    """
    rules, _ = read_rule_file(RULES_FILE)
    sections = {s.id: s for path in iter_reference_files([REFERENCES]) for s in parse_reference(path).sections}
    written = {rule for rule in rules if (REFERENCES / f"{rule.section.split('#')[0]}.md").exists()}
    problems = rule_problems(RULES_FILE, sorted(written, key=lambda r: r.id), sections)
    assert problems == [], "\n".join(map(str, problems))
    pending = sorted({rule.section for rule in rules} - {rule.section for rule in written})
    if pending:
        pytest.skip("reference files not written yet for: " + ", ".join(pending))


def test_a_rule_pointing_at_a_missing_section_is_reported_with_its_line():
    rules = load_rules(SAMPLES / "references", SAMPLES / "stale-rules.toml")
    messages = [str(p) for p in rules.problems]
    assert any(m.endswith("stale-rules.toml:3: rule points-nowhere: section widgets#no-such-heading does not exist")
               for m in messages), messages
    assert any("rule wrong-version: version 2.7 is none of the section's metadata versions" in m for m in messages)


def test_fixture_rules_point_at_existing_sections(fixture_rules):
    assert fixture_rules.problems == []


@pytest.mark.parametrize("bad, error", [
    ('[[rule]]\nid = "x"\n', "missing key"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="teleport"\nversion="2.6"\nmessage="m"\nfix="f"\n',
     "unknown kind"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="keyword"\nversion="2.6"\nmessage="m"\nfix="f"\n',
     "needs argument="),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="name"\nversion="two"\nmessage="m"\nfix="f"\n',
     "not a version"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="name"\nversion="2.6"\nmessage="m"\nfix="f"\ncolour=1\n',
     "unknown key"),
    ("[[rule]\n", "not valid TOML"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="name"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'receiver_not="sampler"\n', "receiver_not= only goes with kind=method"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.T.f"\nkind="method"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'receiver_not="(sampler"\n', "receiver_not= is not a regular expression"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.T.f"\nkind="method"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'argument_like="(epoch"\n', "argument_like= is not a regular expression"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="call"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'receiver="sched"\n', "receiver= only goes with kind=method"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="call"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'exact=true\n', "exact= only goes with kind=name"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.Tensor.data"\nkind="scalar-index"\nversion="0.5"\nmessage="m"\n'
     'fix="f"\n', "kind=scalar-index needs receiver="),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="call"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'list_value=true\n', "list_value= only goes with kind=keyword"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="call"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'refills_placeholder=true\n', "refills_placeholder= only goes with kind=method"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="call"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'none_at=2\n', "none_at= only goes with kind=method"),
    ('[[rule]]\nid="x"\nsection="a#b"\napi="torch.f"\nkind="call"\nversion="2.6"\nmessage="m"\nfix="f"\n'
     'division_value=true\n', "division_value= only goes with kind=keyword"),
])
def test_a_malformed_rule_file_is_refused_with_the_rule_named(tmp_path, bad, error):
    path = tmp_path / "check-rules.toml"
    path.write_text(bad)
    with pytest.raises(InvalidInput, match=re.escape(error)):
        read_rule_file(path)


# --- rules from section metadata ---------------------------------------------------------------------

FIXTURE_CODE = """import torch
torch.frobnicate(1)
torch.linalg.frob(1)
from torch.widgets import make_widget, Widget
torch.gadget()
torch.library.custom_op("ns::f", mutates_args=())
make_widget(Widget)
"""


@pytest.mark.parametrize("version, expected", [
    ("2.7", []),
    ("2.11", [(4, "torch.widgets.make_widget", "is deprecated since torch 2.8")]),
    ("2.12", [(2, "torch.frobnicate", "was removed in torch 2.12"),
              (4, "torch.widgets.make_widget", "is deprecated since torch 2.8")]),
    ("2.13", [(2, "torch.frobnicate", "was removed in torch 2.12"),
              (4, "torch.widgets.make_widget", "was removed in torch 2.13")]),
])
def test_metadata_flags_removed_apis_its_heading_names_but_not_replacements_or_new_ones(fixture_rules, version, expected):
    findings = check_source(FIXTURE_CODE, version, rules=fixture_rules)
    assert [(f.line, f.api) for f in findings] == [(line, api) for line, api, _ in expected]
    for finding, (_, _, text) in zip(findings, expected):
        assert text in finding.message and finding.fix.startswith("read widgets#")


# --- call patterns and name resolution ------------------------------------------------------------------

def test_findings_carry_position_api_fix_and_section(shipped_rules):
    code = "import torch\nimport torch.distributed as dist\n\nx = 1; dist.all_gather_into_tensor(a, b)\n"
    [finding] = check_source(code, "2.15", "train.py", rules=shipped_rules)
    assert (finding.file, finding.line, finding.column) == ("train.py", 4, 8)
    assert finding.api == "torch.distributed.all_gather_into_tensor"
    assert "all_gather_single" in finding.fix
    assert tuple(finding.as_dict()) == FIELDS == ("file", "line", "column", "api", "message", "fix", "section",
                                                  "rule", "severity", "code", "end_line", "end_column",
                                                  "applicability", "edits")
    assert (finding.rule, finding.severity) == ("all-gather-into-tensor-renamed", "info")
    assert finding.code == shipped_rules.by_code[finding.code].code and finding.code.startswith("TP")
    assert (finding.end_line, finding.end_column) == (4, 35)  # one past `dist.all_gather_into_tensor`
    assert finding.applicability == "safe" and [e.content for e in finding.edits] == ["dist.all_gather_single"]


def test_the_target_version_decides_what_is_flagged(shipped_rules):
    code = "import torch\nfrom torch.export import export_for_training\nm = torch.load('m.pt')\nm.eval()\n"
    assert [f.api for f in check_source(code, "2.5", rules=shipped_rules)] == []
    assert [f.api for f in check_source(code, "2.6", rules=shipped_rules)] == ["torch.load"]
    assert [f.api for f in check_source(code, "2.11.0+cpu", rules=shipped_rules)] == [
        "torch.export.export_for_training", "torch.load"]


def test_one_finding_per_use_with_the_newest_applicable_message(shipped_rules):
    code = "import torch\ntorch.jit.script(f)\n"
    [at_2_10] = check_source(code, "2.10", rules=shipped_rules)
    [at_2_15] = check_source(code, "2.15", rules=shipped_rules)
    assert "FutureWarning" not in at_2_10.message and "FutureWarning" in at_2_15.message


def test_error_on_graph_break_with_its_argument_by_keyword_is_fine(shipped_rules):
    code = "import torch\ntorch._dynamo.error_on_graph_break(error_on_graph_break=True)\n"
    assert check_source(code, rules=shipped_rules) == []


def test_unknown_call_arguments_are_not_guessed(shipped_rules):
    code = "import torch\nargs = ()\ntorch._dynamo.error_on_graph_break(*args)\nm = torch.load(p, **kw)\nm.eval()\n"
    assert check_source(code, rules=shipped_rules) == []


def test_loaded_object_tracking_is_per_scope(shipped_rules):
    code = ("import torch\n\ndef a(p):\n    m = torch.load(p)\n    return m['w']\n\n"
            "def b(m):\n    return m.eval()\n")
    assert check_source(code, rules=shipped_rules) == []


def _project(tmp_path, files: dict[str, str]) -> Path:
    for name, code in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(code)
    return tmp_path


_SAVES_ARGS = ("import torch\n\ndef save(args, model, path):\n"
               "    save_on_master({'model': model.state_dict(), 'epoch': 1, 'args': args}, path)\n")
_READS_MODEL = "import torch\n\ndef load(p, m):\n    ckpt = torch.load(p, map_location='cpu')\n    m.load_state_dict(ckpt['model'])\n"


def test_a_checkpoint_saved_with_args_in_another_file_flags_the_load_and_names_the_save(tmp_path, shipped_rules):
    root = _project(tmp_path, {"util/misc.py": _SAVES_ARGS, "main.py": _READS_MODEL})
    [finding] = check_paths([root], "2.15", rules=shipped_rules).findings
    assert (Path(finding.file).name, finding.line, finding.rule) == ("main.py", 4, "torch-load-saved-in-project")
    assert f"{root / 'util' / 'misc.py'}:4" in finding.message and "'args' is an object" in finding.message
    assert finding.severity == "warning"
    # the load's file alone shows nothing; before 2.6 nothing is wrong
    assert check_source(_READS_MODEL, "2.15", rules=shipped_rules) == []
    assert check_paths([root], "2.5", rules=shipped_rules).findings == []


def test_a_saved_layout_is_evidence_only_for_loads_reading_its_keys(tmp_path, shipped_rules):
    other = _READS_MODEL.replace("ckpt['model']", "ckpt['teacher']")
    plain = _SAVES_ARGS.replace("'args': args", "'args': vars(args)")
    fabric = _SAVES_ARGS.replace("save_on_master({'model': model.state_dict()", "fabric_save({'model': model")
    fabric = fabric.replace(", 'args': args", "")
    for files in ({"misc.py": _SAVES_ARGS, "main.py": other}, {"misc.py": plain, "main.py": _READS_MODEL},
                  {"misc.py": fabric, "main.py": _READS_MODEL}):
        assert check_paths([_project(tmp_path / str(len(files) + hash(files['misc.py']) % 97), files)], "2.15",
                           rules=shipped_rules).findings == []


def test_project_findings_keep_file_order_and_obey_selection_and_suppressions(tmp_path, shipped_rules):
    from torchpatch.validators.checker import Selection

    loads = _READS_MODEL + "    return torch.jit.script(m)\n"
    root = _project(tmp_path, {"a.py": loads, "misc.py": _SAVES_ARGS})
    assert [(Path(f.file).name, f.line) for f in check_paths([root], "2.15", rules=shipped_rules).findings] == [
        ("a.py", 4), ("a.py", 6)]
    ignored = check_paths([root], "2.15", rules=shipped_rules, selection=Selection(ignore=("torch-load-*",)))
    assert [f.rule for f in ignored.findings] == ["torchscript-warns"]
    (root / "a.py").write_text(loads.replace("map_location='cpu')", "map_location='cpu')  "
                                             "# torchpatch: ignore[torch-load-saved-in-project]"))
    assert [f.line for f in check_paths([root], "2.15", rules=shipped_rules).findings] == [6]


_PL_SCRIPT = ("import torch\n\ndef load(ckpt, model):\n    pl_sd = torch.load(ckpt, map_location='cpu')\n"
              "    print(pl_sd['global_step'])\n    model.load_state_dict(pl_sd['state_dict'])\n")


def test_lightning_layout_keys_need_a_lightning_project_or_both_shared_keys(tmp_path, shipped_rules):
    # one of Lightning's shared keys alone is no evidence outside a Lightning project; both together are its layout
    only_state = _PL_SCRIPT.replace("    print(pl_sd['global_step'])\n", "")
    assert check_source(only_state, "2.15", rules=shipped_rules) == []
    [alone] = check_source(_PL_SCRIPT, "2.15", rules=shipped_rules)
    assert (alone.rule, alone.severity) == ("torch-load-lightning-checkpoint", "warning")
    assert "the layout of a Lightning checkpoint" in alone.message
    root = _project(tmp_path, {"main.py": "import pytorch_lightning as pl\nimport torch\n", "sample.py": _PL_SCRIPT})
    [finding] = check_paths([root], "2.15", rules=shipped_rules).findings
    assert (finding.rule, finding.line, finding.severity) == ("torch-load-lightning-checkpoint", 4, "warning")
    assert "Lightning project reading 'global_step', 'state_dict'" in finding.message
    # the project writes a plain file with only one of those keys: it cannot be the file this load reads
    (root / "save.py").write_text("import torch\ntorch.save({'state_dict': sd}, p)\n")
    assert [f.line for f in check_paths([root], "2.15", rules=shipped_rules).findings] == [4]
    # the project writes that layout itself with plain values: no evidence
    (root / "save.py").write_text("import torch\ntorch.save({'state_dict': sd, 'global_step': 3}, p)\n")
    assert check_paths([root], "2.15", rules=shipped_rules).findings == []


_PL_STRATEGIES_MODEL = ("import pytorch_lightning as pl\nimport torch\nfrom omegaconf import OmegaConf\n\n"
                        "class Recon(pl.LightningModule):\n    def __init__(self, config):\n        super().__init__()\n"
                        "        self.net = torch.nn.Linear(2, 2)\n\n"
                        "def load(path):\n    return torch.load(path, map_location='cpu')['state_dict']\n")
_PL_STRATEGIES_TRAIN = ("from pytorch_lightning.strategies import DDPStrategy\nfrom pytorch_lightning import Trainer\n\n"
                        "def train(model):\n    Trainer(strategy=DDPStrategy()).fit(model)\n")


def test_lightning_strategies_without_hyperparameters_write_plain_checkpoints(tmp_path, shipped_rules):
    # pytorch_lightning.strategies (1.6+) and a module that keeps no hyper-parameters: its checkpoints are plain data,
    # though the project imports omegaconf (a pytorch-lightning 2.1.2 replica of InstantMesh's loads, round 13)
    root = _project(tmp_path, {"model.py": _PL_STRATEGIES_MODEL, "train.py": _PL_STRATEGIES_TRAIN})
    assert check_paths([root], "2.15", rules=shipped_rules).findings == []
    # the config object given to save_hyperparameters reaches the checkpoint (LaMa's DictConfig): refused
    (root / "model.py").write_text(_PL_STRATEGIES_MODEL.replace(
        "super().__init__()\n", "super().__init__()\n        self.save_hyperparameters(config)\n"))
    [finding] = check_paths([root], "2.15", rules=shipped_rules).findings
    assert (finding.rule, finding.line) == ("torch-load-lightning-checkpoint", 12)
    # no sign of the release: an older one may have keyed callback states by class
    (root / "model.py").write_text(_PL_STRATEGIES_MODEL)
    (root / "train.py").write_text(_PL_STRATEGIES_TRAIN.replace("pytorch_lightning.strategies", "my_strategies"))
    assert [f.line for f in check_paths([root], "2.15", rules=shipped_rules).findings] == [11]


def test_step_and_state_pair_with_module_prefix_stripped_is_a_plain_loop(shipped_rules):
    # the load takes DistributedDataParallel's "module." prefix off the keys: a plain loop's file, not Lightning's
    stripped = _PL_SCRIPT.replace("model.load_state_dict(pl_sd['state_dict'])",
                                  "model.load_state_dict({k.replace('module.', ''): v "
                                  "for k, v in pl_sd['state_dict'].items()})")
    assert check_source(stripped, "2.15", rules=shipped_rules) == []
    assert [f.rule for f in check_source(_PL_SCRIPT, "2.15", rules=shipped_rules)] == [
        "torch-load-lightning-checkpoint"]


def test_a_ckpt_path_or_a_lightning_only_key_is_evidence_in_one_file(shipped_rules):
    def rules_of(code):
        return [f.rule for f in check_source("import torch\n" + code, "2.15", rules=shipped_rules)]

    assert rules_of("sd = torch.load('logs/last.ckpt')['state_dict']\n") == ["torch-load-lightning-checkpoint"]
    assert rules_of("sd = torch.load(os.path.join(d, 'last.ckpt'))\n") == ["torch-load-lightning-checkpoint"]
    assert rules_of("def f(d):\n    p = f'{d}/epoch=3.ckpt'\n    return torch.load(p)\n") == [
        "torch-load-lightning-checkpoint"]
    assert rules_of("c = torch.load(p)\nprint(c['pytorch-lightning_version'])\n") == [
        "torch-load-lightning-checkpoint"]
    assert rules_of("sd = torch.load('logs/last.ckpt', weights_only=True)\n") == []
    assert rules_of("sd = torch.load('model.pt')['state_dict']\n") == []
    # the code writes its own plain .ckpt files: the suffix says nothing
    assert rules_of("torch.save(m.state_dict(), 'last.ckpt')\nm.load_state_dict(torch.load('last.ckpt'))\n") == []
    # inside safe_globals or after add_safe_globals: the types are allowed
    assert rules_of("with torch.serialization.safe_globals([Foo]):\n    torch.load('last.ckpt')\n") == []


_SAVES_CONFIG = ("import torch\n\ndef save(config, model, path):\n"
                 "    state = {'model': model.state_dict(), 'epoch': 1, 'config': config}\n    torch.save(state, path)\n")
_CONFIG_IMPORTS = {"yacs": ("from yacs.config import CfgNode as CN\n", "yacs.config.CfgNode"),
                   "omegaconf": ("from omegaconf import OmegaConf\n", "omegaconf.dictconfig.DictConfig"),
                   "ml_collections": ("import ml_collections\n", "ml_collections.config_dict.config_dict.ConfigDict"),
                   "easydict": ("from easydict import EasyDict as edict\n", "easydict.EasyDict"),
                   "addict": ("from addict import Dict\n", "addict.addict.Dict"),
                   "mmengine": ("from mmengine.config import Config\n", "mmengine.config.config.Config")}


@pytest.mark.parametrize("library", sorted(_CONFIG_IMPORTS))
def test_a_saved_config_is_an_object_in_a_project_that_imports_a_config_library(tmp_path, shipped_rules, library):
    imports, refused = _CONFIG_IMPORTS[library]
    root = _project(tmp_path, {"config.py": imports + "C = None\n", "utils.py": _SAVES_CONFIG, "main.py": _READS_MODEL})
    found = check_paths([root], "2.15", rules=shipped_rules).findings  # config.py never names torch
    if library == "omegaconf":
        # omegaconf counts only in the file that saves the config (a hydra CLI beside a trainer keeping a plain dict)
        assert found == []
        root = _project(tmp_path / "own", {"utils.py": imports + _SAVES_CONFIG, "main.py": _READS_MODEL})
        found = check_paths([root], "2.15", rules=shipped_rules).findings
    [finding] = found
    assert (Path(finding.file).name, finding.line, finding.rule) == ("main.py", 4, "torch-load-saved-in-project")
    where = "utils.py imports" if library == "omegaconf" else "the project imports"
    assert f"whose 'config' is a config object ({where} {library}: " \
           f"Unsupported global: GLOBAL {refused})" in finding.message
    # one file that imports the library and saves the config: a project of one file
    assert [f.line for f in check_source(imports + _SAVES_CONFIG + _READS_MODEL.replace("import torch\n", ""),
                                         "2.15", rules=shipped_rules)] == [9]


def test_a_saved_config_is_no_evidence_without_a_library_or_when_it_is_a_plain_dict(tmp_path, shipped_rules):
    yacs = "from yacs.config import CfgNode\n"
    plain = _SAVES_CONFIG.replace("    state =", "    config = vars(config)\n    state =")
    path = _SAVES_CONFIG.replace("'config': config", "'config': args.config")  # an argparse option: a path
    for files in ({"utils.py": _SAVES_CONFIG, "main.py": _READS_MODEL},
                  {"c.py": yacs, "utils.py": plain, "main.py": _READS_MODEL},
                  {"c.py": yacs, "utils.py": path, "main.py": _READS_MODEL}):
        assert check_paths([_project(tmp_path / str(abs(hash(str(files))) % 9973), files)], "2.15",
                           rules=shipped_rules).findings == []


_READS_ENTRY = ("import torch\n\ndef load(p, m, key):\n    sd = torch.load(p, map_location='cpu')\n"
                "    if key in sd:\n        sd = sd[key]\n    m.load_state_dict(sd)\n")


def test_a_key_held_in_a_variable_reads_any_entry_of_the_saved_layout(tmp_path, shipped_rules):
    root = _project(tmp_path / "a", {"misc.py": _SAVES_ARGS, "main.py": _READS_ENTRY})
    [finding] = check_paths([root], "2.15", rules=shipped_rules).findings
    assert (finding.line, finding.rule) == (4, "torch-load-saved-in-project")
    assert "it reads a key held in a variable of the checkpoint saved at" in finding.message
    own_keys = "import torch\n\ndef avg(p):\n    sd = torch.load(p)\n    for k in list(sd.keys()):\n        sd[k] = sd[k] / 2\n"
    outside = _READS_ENTRY.replace("    m.load_state_dict(sd)", "    m.load_state_dict(sd['teacher'])")
    for files in ({"misc.py": _SAVES_ARGS, "main.py": own_keys},  # a state_dict walked by its own keys
                  {"misc.py": _SAVES_ARGS, "main.py": outside},  # a visible key the layout lacks (read off sd)
                  {"misc.py": _SAVES_ARGS.replace("'args': args", "'args': vars(args)"), "main.py": _READS_ENTRY}):
        assert check_paths([_project(tmp_path / str(abs(hash(str(files))) % 9973), files)], "2.15",
                           rules=shipped_rules).findings == []


# --- bad input and safety ----------------------------------------------------------------------------------

def test_code_that_does_not_parse_names_line_and_column(shipped_rules):
    with pytest.raises(InvalidInput, match=r"snippet\.py: line 3, column 9: code does not parse"):
        check_source("import torch\n\nx = (1, ]\n", filename="snippet.py", rules=shipped_rules)


def test_null_bytes_and_bad_versions_are_invalid_input(shipped_rules):
    with pytest.raises(InvalidInput):
        check_source("import torch\x00", rules=shipped_rules)
    with pytest.raises(InvalidInput, match="torch version"):
        check_source("import torch", "latest", rules=shipped_rules)


def test_huge_input_is_refused_with_the_limit(shipped_rules):
    code = "import torch\n" + "x = 1\n" * (MAX_SOURCE_BYTES // 6 + 1)
    with pytest.raises(InvalidInput, match="over the checker's limit of 1,000,000 bytes"):
        check_source(code, rules=shipped_rules)


def test_checked_code_is_never_executed(tmp_path, shipped_rules):
    marker = tmp_path / "ran"
    code = f"import torch, pathlib\npathlib.Path({str(marker)!r}).write_text('x')\nraise SystemExit(3)\n"
    assert check_source(code, rules=shipped_rules) == []
    assert not marker.exists()


def test_checking_imports_neither_torch_nor_the_server_layer():
    """The checker reads code, it does not run it: torch is never imported, and it stays in the lower layer."""
    probe = ("import sys\nfrom torchpatch.validators.checker import check_source\n"
             "assert check_source('import torch\\ntorch.qr(a)\\n')\n"
             "print(sorted(m for m in sys.modules if m == 'torch' or m.startswith(('torch.', 'torchpatch.server', "
             "'lancedb', 'fastapi', 'mcp'))))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_check_paths_walks_folders_and_reports_missing_paths(shipped_rules):
    report = check_paths([SAMPLES / "old" / "cholesky_qr.py", SAMPLES / "current"], "2.15", rules=shipped_rules)
    assert [(Path(f.file).name, f.line) for f in report.findings] == [("cholesky_qr.py", n) for n in (6, 7, 8)]
    assert report.errors == [] and report.files == 1 + len(CURRENT)
    missing = check_paths([SAMPLES / "missing.py"], rules=shipped_rules)
    assert [e.message for e in missing.errors] == ["no such file or folder"] and missing.exit_code == 2


def test_check_paths_skips_hidden_folders_and_installed_packages(tmp_path, shipped_rules):
    old_code = "import torch\ntorch.qr(a)\n"
    for folder in (".venv/lib", "env/lib/site-packages/pkg", "src"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "mod.py").write_text(old_code)
    findings = check_paths([tmp_path], rules=shipped_rules).findings
    assert [Path(f.file).relative_to(tmp_path).as_posix() for f in findings] == ["src/mod.py"]


# --- the references' own snippets -------------------------------------------------------------------------

def _reference_snippets():
    for path in iter_reference_files([REFERENCES]):
        for snippet in parse_reference(path).snippets:
            if snippet.language == "python" and not snippet.markers.raises and not snippet.markers.known_bug:
                yield snippet


def _section_apis(section) -> tuple[str, ...]:
    return (section.meta.apis if section.meta else ()) if section is not None else ()


def test_reference_snippets_come_back_clean(shipped_rules):
    """Correct current code in the references is never flagged. A snippet that catches the old API's error
    or records its warning (try/except, catch_warnings, pytest.raises/warns, a logging handler) may be flagged for an API its
    own section is about, or with its own section: showing the old way is its point."""
    snippets = list(_reference_snippets())
    if not snippets:
        pytest.skip("no reference snippets written yet")
    false_positives = []
    for snippet in snippets:
        setup = "".join(s.code if s.code.endswith("\n") else s.code + "\n"
                        for s in snippet.setup_chain if s.language == "python")  # a cpp setup binds a module
        offset = setup.count("\n")
        code = setup + snippet.code
        demonstrates = bool(_DEMONSTRATES.search(snippet.code))
        about = _section_apis(snippet.section)
        try:
            findings = check_source(code, "2.15", snippet.file, rules=shipped_rules)
        except InvalidInput:
            continue  # does not parse: the validator's static tier reports that, with its line
        for finding in findings:
            # A snippet showing an old API's warning or error may build its input with other deprecated
            # APIs; a section about a private API (info findings) may use it.
            on_purpose = (demonstrates and (finding.section == snippet.section.id or finding.api in about
                                            or finding.severity != "error")
                          or (finding.severity == "info" and finding.api in about))
            if finding.line > offset and not on_purpose:
                false_positives.append(f"{snippet.file}:{snippet.line + finding.line - offset - 1}: {finding.message}")
    assert false_positives == [], "\n".join(false_positives)


def test_fixture_reference_snippets_show_the_on_purpose_exception(fixture_rules):
    """The fixture's warning-recording snippet uses torch.jit.script and is flagged with its own section."""
    [snippet] = [s for s in parse_reference(SAMPLES / "references" / "widgets.md").snippets if "jit" in s.code]
    [finding] = check_source(snippet.code, "2.15", rules=fixture_rules)
    assert finding.section == snippet.section.id == "widgets#loading-gadgets"


# --- the CLI ---------------------------------------------------------------------------------------------------

def test_cli_json_lists_findings_and_exits_1():
    result = CliRunner().invoke(cli, ["check", str(SAMPLES / "old" / "cholesky_qr.py"), "--json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["errors"] == [] and report["files"] == 1
    findings = report["findings"]
    assert [tuple(f) for f in findings] == [FIELDS] * 3
    assert [f["api"] for f in findings] == ["torch.cholesky", "torch.qr", "torch.Tensor.cholesky"]


def test_cli_text_output_and_clean_exit():
    runner = CliRunner()
    flagged = runner.invoke(cli, ["check", str(SAMPLES / "old" / "fsdp1_wrapper.py")])
    assert flagged.exit_code == 1
    assert "fsdp1_wrapper.py:3:" in flagged.stdout and "fix: " in flagged.stdout and "read: " in flagged.stdout
    clean = runner.invoke(cli, ["check", str(SAMPLES / "current"), "--torch-version", "2.15"])
    assert clean.exit_code == 0, clean.output


def test_cli_reads_stdin_and_maps_unreadable_input_to_exit_2():
    runner = CliRunner()
    result = runner.invoke(cli, ["check", "-", "--torch-version", "2.13", "--json"],
                           input="import torch\nprint(torch.zeros(2, names=('a',)))\n")
    assert result.exit_code == 1 and json.loads(result.stdout)["findings"][0]["line"] == 2
    broken = runner.invoke(cli, ["check", "-"], input="def (:\n")
    assert broken.exit_code == 2 and "<stdin>:1:5: cannot check: does not parse" in broken.output
    assert runner.invoke(cli, ["check", "missing.py"]).exit_code == 2


def test_finding_orders_by_file_and_position():
    a = Finding("a.py", 2, 1, "torch.qr", "m", "f", "s#a")
    b = Finding("a.py", 10, 1, "torch.qr", "m", "f", "s#a")
    assert sorted([b, a]) == [a, b]


def test_a_list_index_that_torch_reads_as_a_tuple_is_found_by_its_shape(shipped_rules):
    """x[[slice(0, 2), 0]] warns since 2.8, and so does a name last bound to such a list display (seq); a list of
    integers (advanced indexing), a tuple and a module's own indexer (np.r_) say nothing."""
    code = ("import numpy as np\nimport torch\nx = torch.zeros(3, 4)\n"
            "a = x[[slice(None), 0]]\nx[[None, 1]] = 0\nb = x[[..., 0]]\nc = x[[[0, 1], [1, 2]]]\n"
            "d = x[[0, 1]]\ne = x[(slice(None), 0)]\nseq = [slice(0, 2)]\nf = x[seq]\ng = np.r_[[slice(0, 2)]]\n"
            "h = x[[slice(None)] + seq]\ni = x[[0] + [1]]\n")
    found = check_source(code, "2.15", rules=shipped_rules)
    assert [(f.line, f.rule, f.api) for f in found] == [
        (line, "non-tuple-sequence-index", "torch.Tensor.__getitem__") for line in (4, 5, 6, 7, 11, 13)]
    assert check_source(code, "2.7", rules=shipped_rules) == []  # the warning starts in 2.8


_TIMM_TRAIN = "import torch\nimport timm.utils as utils\n\ndef train(model, opt, args):\n    saver = utils.CheckpointSaver({})\n"
_READS_METRIC = "import torch\n\ndef metric(p):\n    ckpt = torch.load(p, map_location='cpu')\n    return ckpt['metric']\n"


def test_a_known_library_writer_passed_an_object_is_the_saved_layout(tmp_path, shipped_rules):
    """timm's CheckpointSaver keeps 'args' (the Namespace) beside 'metric', 'state_dict', ... when given args."""
    root = _project(tmp_path / "a", {"train.py": _TIMM_TRAIN.format("model, opt, args=args"), "avg.py": _READS_METRIC})
    [finding] = check_paths([root], "2.15", rules=shipped_rules).findings
    assert (Path(finding.file).name, finding.line, finding.rule) == ("avg.py", 4, "torch-load-saved-in-project")
    assert f"{root / 'train.py'}:5, whose 'args' is an object (timm.utils.CheckpointSaver saves it)" in finding.message
    positional = _TIMM_TRAIN.replace("import timm.utils as utils", "from timm.utils import CheckpointSaver")
    positional = positional.replace("utils.CheckpointSaver", "CheckpointSaver").format("model, opt, args")
    assert len(check_paths([_project(tmp_path / "b", {"train.py": positional, "avg.py": _READS_METRIC})], "2.15",
                           rules=shipped_rules).findings) == 1
    for call in ("model, opt", "model, opt, args=None", "model, opt, None"):  # no object in the checkpoints
        root = _project(tmp_path / str(abs(hash(call)) % 9973), {"train.py": _TIMM_TRAIN.format(call),
                                                                 "avg.py": _READS_METRIC})
        assert check_paths([root], "2.15", rules=shipped_rules).findings == []
    outside = _READS_METRIC.replace("ckpt['metric']", "ckpt['backbone']")  # a key timm's layout lacks
    root = _project(tmp_path / "c", {"train.py": _TIMM_TRAIN.format("model, opt, args=args"), "avg.py": outside})
    assert check_paths([root], "2.15", rules=shipped_rules).findings == []


_ATTR_DICT = "class AttrDict(dict):\n    def __getattr__(self, key):\n        return self[key]\n"


def test_an_attribute_access_dict_subclass_makes_a_saved_config_an_object(tmp_path, shipped_rules):
    root = _project(tmp_path / "a", {"config/attr_dict.py": _ATTR_DICT, "utils.py": _SAVES_CONFIG, "main.py": _READS_MODEL})
    [finding] = check_paths([root], "2.15", rules=shipped_rules).findings  # attr_dict.py never names torch
    assert (Path(finding.file).name, finding.line) == ("main.py", 4)
    assert (f"whose 'config' is a config object (the project defines AttrDict (a dict subclass, "
            f"{root / 'config' / 'attr_dict.py'}:1): Unsupported global)") in finding.message
    # a dict subclass without attribute access of its own (another class has __getattr__): no evidence
    plain = "class Registry(dict):\n    pass\n\n\nclass Logger:\n    def __getattr__(self, key):\n        return 0\n"
    root = _project(tmp_path / "b", {"registry.py": plain, "utils.py": _SAVES_CONFIG, "main.py": _READS_MODEL})
    assert check_paths([root], "2.15", rules=shipped_rules).findings == []


_SAVES_CODES = ("import torch\nfrom facekit.utils import encode\n\ndef make(images, out):\n    codes = {}\n"
                "    for name, image in images:\n        codes[name] = encode(image).numpy()\n    torch.save(codes, out)\n"
                "    torch.save({'orig': codes, 'count': len(codes)}, out)\n")
_READS_CODES = "import torch\n\nclass Data:\n    def __init__(self, p):\n        self.codes = torch.load(p)\n\n" \
               "    def get(self, name):\n        return self.codes['orig'][name]\n"


def test_a_sub_project_takes_evidence_from_outer_files_that_import_its_package_not_from_siblings(tmp_path, shipped_rules):
    package = {"facekit/setup.py": "", "facekit/__init__.py": "", "facekit/data.py": _READS_CODES}
    sibling = _project(tmp_path / "a", {**package, "tools/setup.py": "", "tools/make.py": _SAVES_CODES})
    assert check_paths([sibling], "2.15", rules=shipped_rules).findings == []
    unrelated = _project(tmp_path / "b", {**package, "scripts/make.py": _SAVES_CODES.replace("facekit", "other")})
    assert check_paths([unrelated], "2.15", rules=shipped_rules).findings == []
    root = _project(tmp_path / "c", {**package, "scripts/make.py": _SAVES_CODES})
    [finding] = check_paths([root], "2.15", rules=shipped_rules).findings
    assert (Path(finding.file).name, finding.line, finding.rule) == ("data.py", 5, "torch-load-saved-in-project")
    assert f"{root / 'scripts' / 'make.py'}:9, whose 'orig' is an object" in finding.message
