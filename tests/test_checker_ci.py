"""`torchpatch check` in CI and pre-commit: bad files are reported and the run goes on, exit codes
tell findings from unreadable input, SARIF / GitHub annotations / JSON carry the same findings,
rules can be selected, and --fix rewrites only what is mechanical."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.validators.checker import (
    MAX_SOURCE_BYTES,
    Selection,
    check_paths,
    check_source,
    default_references_dir,
    load_rules,
)
from torchpatch.validators.checker.fixes import fix_source
from torchpatch.validators.checker.output import github, sarif

REPO = Path(__file__).resolve().parent.parent
OLD_QR = "import torch\nq, r = torch.qr(a)\n"


@pytest.fixture(scope="module")
def rules():
    return load_rules(default_references_dir())


@pytest.fixture
def mixed(tmp_path) -> Path:
    """A folder like a real checkout: good, old, broken, oddly encoded files and a link loop."""
    (tmp_path / "good.py").write_text("import torch\nx = torch.linalg.qr(a)\n")
    (tmp_path / "old.py").write_text(OLD_QR)
    (tmp_path / "broken.py").write_text("import torch\ndef f(:\n    pass\n")
    (tmp_path / "python2.py").write_text("import torch\nprint 'hello'\n")
    (tmp_path / "bom.py").write_bytes(b"\xef\xbb\xbf" + OLD_QR.encode())
    latin1 = "# -*- coding: latin-1 -*-\nimport torch\nauteur = 'Gérard'\nq, r = torch.qr(a)\n"
    (tmp_path / "latin1.py").write_bytes(latin1.encode("latin-1"))
    (tmp_path / "not_utf8.py").write_bytes("import torch\nname = 'Gérard'\n".encode("latin-1"))
    (tmp_path / "bad_cookie.py").write_bytes(b"# coding: klingon\nimport torch\n")
    # future-fstrings' codec only backports f-strings: UTF-8 text that Python 3 reads as it is
    (tmp_path / "fstrings.py").write_bytes(b"# -*- coding: future_fstrings -*-\nimport torch\nq, r = torch.qr(a)\n")
    (tmp_path / "huge.py").write_text("import torch\n" + "x = 1\n" * (MAX_SOURCE_BYTES // 6 + 1))
    os.symlink("loop_b.py", tmp_path / "loop_a.py")
    os.symlink("loop_a.py", tmp_path / "loop_b.py")
    os.symlink("missing_target.py", tmp_path / "dangling.py")
    (tmp_path / "sub").mkdir()
    os.symlink("..", tmp_path / "sub" / "up")  # a folder loop: not followed
    (tmp_path / "sub" / "deep.py").write_text(OLD_QR)
    return tmp_path


def _names(items) -> list[str]:
    return sorted(Path(item.file).name for item in items)


def test_a_mixed_folder_is_checked_to_the_end_with_each_bad_file_reported(mixed, rules):
    report = check_paths([mixed], "2.15", rules=rules)
    assert _names(report.findings) == ["bom.py", "deep.py", "fstrings.py", "latin1.py", "old.py"]
    reasons = {Path(e.file).name: e.message for e in report.errors}
    assert set(reasons) == {"broken.py", "python2.py", "not_utf8.py", "bad_cookie.py", "huge.py",
                            "loop_a.py", "loop_b.py", "dangling.py"}
    assert reasons["broken.py"].startswith("does not parse: invalid syntax")
    assert "does not parse" in reasons["python2.py"]
    assert reasons["not_utf8.py"].startswith("not valid UTF-8 (no coding declaration) text")
    assert "klingon" in reasons["bad_cookie.py"]
    assert "over the checker's limit of 1,000,000 bytes" in reasons["huge.py"]
    assert reasons["loop_a.py"] == reasons["loop_b.py"] == "symbolic link loop"
    assert reasons["dangling.py"] == "No such file or directory"
    broken = next(e for e in report.errors if e.file.endswith("broken.py"))
    assert (broken.line, broken.column) == (2, 7)
    assert report.files == 6 and report.exit_code == 2


def test_bom_and_pep263_files_are_read_as_python_reads_them(mixed, rules):
    [bom] = check_paths([mixed / "bom.py"], rules=rules).findings
    [latin1] = check_paths([mixed / "latin1.py"], rules=rules).findings
    assert (bom.line, bom.column) == (2, 8) and (latin1.line, latin1.column) == (4, 8)


def test_columns_count_characters_not_utf8_bytes(rules):
    [finding] = check_source("import torch\nnom = 'é'; q = torch.qr(a)\n", rules=rules)
    assert finding.column == 16


def test_cli_exit_codes_separate_clean_findings_and_unusable_input(mixed):
    runner = CliRunner()
    assert runner.invoke(cli, ["check", str(mixed / "good.py")]).exit_code == 0
    assert runner.invoke(cli, ["check", str(mixed / "old.py")]).exit_code == 1
    assert runner.invoke(cli, ["check", str(mixed / "old.py"), str(mixed / "broken.py")]).exit_code == 2
    assert runner.invoke(cli, ["check", str(mixed / "nope.py")]).exit_code == 2
    assert runner.invoke(cli, ["check", str(mixed / "old.py"), "--torch-version", "latest"]).exit_code == 2
    assert runner.invoke(cli, ["check", "--no-such-option", "x.py"]).exit_code == 2
    assert runner.invoke(cli, ["check"]).exit_code == 2


def test_cli_json_reports_findings_and_errors_together(mixed):
    result = CliRunner().invoke(cli, ["check", str(mixed), "--format", "json"])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert {Path(f["file"]).name for f in report["findings"]} == {"bom.py", "deep.py", "fstrings.py", "latin1.py",
                                                                  "old.py"}
    assert {"file", "message", "line", "column"} == set(report["errors"][0])
    assert report["files"] == 6


def test_a_checker_bug_on_one_file_leaves_the_others_checked(tmp_path, rules, monkeypatch):
    """A fault inside the walk of one file (a rule's bug) is reported for that file; the run goes on (exit 2)."""
    from torchpatch.validators.checker import check as check_module

    (tmp_path / "old.py").write_text(OLD_QR)
    (tmp_path / "trips.py").write_text(OLD_QR)
    real_collect = check_module.collect

    def collect(code, torch_version, filename, **kwargs):
        if filename.endswith("trips.py"):
            raise KeyError("a rule's bug")
        return real_collect(code, torch_version, filename, **kwargs)

    monkeypatch.setattr(check_module, "collect", collect)
    report = check_paths([tmp_path], rules=rules)
    assert _names(report.findings) == ["old.py"]
    [error] = report.errors
    assert Path(error.file).name == "trips.py" and "KeyError" in error.message and "internal error" in error.message
    assert report.exit_code == 2


def test_exclude_skips_files_and_folders(mixed, rules):
    report = check_paths([mixed], rules=rules, exclude=["sub", "loop_*.py", "huge.py"])
    assert "deep.py" not in _names(report.findings)
    assert not {"loop_a.py", "loop_b.py", "huge.py"} & set(_names(report.errors))


# --- output formats ----------------------------------------------------------------------------

def test_sarif_is_2_1_0_with_rules_results_and_notifications(mixed, rules, monkeypatch):
    monkeypatch.chdir(mixed)
    report = check_paths(["old.py", "broken.py"], rules=rules)
    log = sarif(report, "1.0", {r.id: r for r in rules.rules})
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    [run] = log["runs"]
    [descriptor] = run["tool"]["driver"]["rules"]
    [result] = run["results"]
    code = rules.by_code and next(r.code for r in rules.rules if r.id == "qr-removed")
    assert descriptor["id"] == result["ruleId"] == code and result["ruleIndex"] == 0
    assert descriptor["name"] == result["properties"]["rule"] == "qr-removed"
    assert descriptor["helpUri"] == "torchpatch://references/migrations-and-security#torchqr-and-tensorqr-raise"
    assert result["level"] == "error" and descriptor["defaultConfiguration"]["level"] == "error"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "old.py", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 2, "startColumn": 8, "endLine": 2, "endColumn": 16}
    [fix] = result["fixes"]
    [change] = fix["artifactChanges"]
    assert change["artifactLocation"] == location["artifactLocation"]
    assert change["replacements"] == [{"deletedRegion": location["region"],
                                       "insertedContent": {"text": "torch.linalg.qr"}}]
    [invocation] = run["invocations"]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["locations"][0]["physicalLocation"]["region"]["startLine"] == 1 + 1


def test_github_annotations_escape_properties_and_data(rules):
    from torchpatch.validators.checker import CheckReport, FileError

    report = CheckReport(check_source(OLD_QR, filename="a,b:c.py", rules=rules),
                         [FileError("bad.py", "does not parse: 100% wrong\nreally", 3, 4)])
    first, second = github(report).splitlines()
    code = next(r.code for r in rules.rules if r.id == "qr-removed")
    assert first.startswith(f"::error file=a%2Cb%3Ac.py,line=2,col=8,endLine=2,endColumn=16,"
                            f"title=torchpatch {code} qr-removed::torch.qr raises")
    assert second == "::error file=bad.py,line=3,col=4,title=torchpatch cannot check::does not parse: 100%25 wrong%0Areally"


def test_cli_formats_carry_the_same_findings(mixed):
    runner = CliRunner()
    target = str(mixed / "old.py")
    as_json = json.loads(runner.invoke(cli, ["check", target, "--format", "json"]).stdout)["findings"]
    as_sarif = json.loads(runner.invoke(cli, ["check", target, "--format", "sarif"]).stdout)["runs"][0]["results"]
    as_github = runner.invoke(cli, ["check", target, "--format", "github"]).stdout.splitlines()
    as_text = runner.invoke(cli, ["check", target]).stdout
    assert len(as_json) == len(as_sarif) == len(as_github) == 1
    code = as_json[0]["code"]
    assert as_json[0]["rule"] == as_sarif[0]["properties"]["rule"] == "qr-removed" and "qr-removed" in as_github[0]
    assert code.startswith("TP") and as_sarif[0]["ruleId"] == code and f" {code} " in as_github[0]
    assert f"{target}:2:8: {code} [*] error: torch.qr raises" in as_text


# --- selection ---------------------------------------------------------------------------------

SEVERAL = ("import torch\nq, r = torch.qr(a)\ns = torch.cuda.amp.GradScaler()\n"
           "torch._foreach_add_(xs, ys)\nm = torch.cholesky(a)  # torchpatch: ignore\n"
           "n = torch.cholesky(b)  # torchpatch: ignore[qr-removed]\n")


@pytest.mark.parametrize("selection, expected", [
    (Selection(), ["qr-removed", "cuda-amp-grad-scaler", "private-foreach", "cholesky-removed"]),
    (Selection(select=("qr-*", "cholesky-removed")), ["qr-removed", "cholesky-removed"]),
    (Selection(ignore=("private-*",)), ["qr-removed", "cuda-amp-grad-scaler", "cholesky-removed"]),
    (Selection(severity="warning"), ["qr-removed", "cuda-amp-grad-scaler", "cholesky-removed"]),
    (Selection(severity="error"), ["qr-removed", "cholesky-removed"]),
])
def test_select_ignore_severity_and_inline_suppression(selection, expected, rules):
    assert [f.rule for f in check_source(SEVERAL, rules=rules, selection=selection)] == expected


def test_cli_select_and_list_rules(tmp_path):
    path = tmp_path / "several.py"
    path.write_text(SEVERAL)
    runner = CliRunner()
    result = runner.invoke(cli, ["check", str(path), "--select", "qr-removed,private-foreach", "--format", "json"])
    assert [f["rule"] for f in json.loads(result.stdout)["findings"]] == ["qr-removed", "private-foreach"]
    assert runner.invoke(cli, ["check", str(path), "--ignore", "*"]).exit_code == 0
    listing = runner.invoke(cli, ["check", "--list-rules"]).stdout
    assert "qr-removed  [error, torch >= 2.14] (fixable)" in listing


# --- --fix and --diff ----------------------------------------------------------------------------

FIXABLE = '''import torch
import torch.distributed as dist
from torch.cuda.amp import autocast


class F(torch.autograd.Function):
    @staticmethod
    @torch.cuda.amp.custom_fwd
    def forward(ctx, x):
        return x


with torch.cuda.amp.autocast(enabled=True, dtype=torch.bfloat16):
    scaler = torch.cuda.amp.GradScaler()
kept = torch.cuda.amp.GradScaler(2.0 ** 16)
q, r = torch.qr(a)
q2, r2 = torch.qr(a, some=False)
L = torch.cholesky(a, upper=True)
dist.all_gather_into_tensor(out, x)
with autocast():
    pass
'''

FIXED = '''import torch
import torch.distributed as dist
from torch.cuda.amp import autocast


class F(torch.autograd.Function):
    @staticmethod
    @torch.amp.custom_fwd(device_type="cuda")
    def forward(ctx, x):
        return x


with torch.amp.autocast("cuda", enabled=True, dtype=torch.bfloat16):
    scaler = torch.amp.GradScaler("cuda")
kept = torch.cuda.amp.GradScaler(2.0 ** 16)
q, r = torch.linalg.qr(a)
q2, r2 = torch.qr(a, some=False)
L = torch.cholesky(a, upper=True)
dist.all_gather_single(out, x)
with autocast():
    pass
'''


def test_fix_rewrites_only_mechanical_safe_uses(rules):
    result = fix_source(FIXABLE, "2.15", rules=rules)
    assert result.code == FIXED
    assert sorted(f.rule for f in result.fixed) == ["all-gather-into-tensor-renamed", "cuda-amp-autocast",
                                                    "cuda-amp-custom-fwd", "cuda-amp-grad-scaler", "qr-removed"]
    left = {f.rule for f in check_source(result.code, "2.15", rules=rules)}
    assert left == {"cuda-amp-autocast", "cuda-amp-grad-scaler", "qr-removed", "cholesky-removed"}


def test_fix_never_touches_torch_load(rules):
    code = "import torch\nmodel = torch.load(p)\nmodel.eval()\n"
    assert fix_source(code, rules=rules).code == code


def test_cli_diff_shows_and_fix_writes_keeping_the_encoding(tmp_path):
    plain, latin1 = tmp_path / "plain.py", tmp_path / "latin1.py"
    plain.write_text(FIXABLE)
    latin1_code = "# -*- coding: latin-1 -*-\nimport torch\nnom = 'Gérard'\nq, r = torch.qr(a)\n"
    latin1.write_bytes(latin1_code.encode("latin-1"))
    runner = CliRunner()
    diff = runner.invoke(cli, ["check", str(plain), "--diff"])
    assert diff.exit_code == 1 and "-q, r = torch.qr(a)\n+q, r = torch.linalg.qr(a)" in diff.stdout
    assert plain.read_text() == FIXABLE  # --diff writes nothing
    fixed = runner.invoke(cli, ["check", str(plain), str(latin1), "--fix", "--format", "json"])
    assert plain.read_text() == FIXED
    assert latin1.read_bytes() == latin1_code.replace("torch.qr", "torch.linalg.qr").encode("latin-1")
    remaining = json.loads(fixed.stdout)["findings"]
    assert fixed.exit_code == 1 and {f["rule"] for f in remaining} == {
        "cuda-amp-autocast", "cuda-amp-grad-scaler", "qr-removed", "cholesky-removed"}


# --- pre-commit ------------------------------------------------------------------------------------

def test_pre_commit_hooks_run_torchpatch_check_on_python_files():
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert {hook["id"] for hook in hooks} == {"torchpatch-check", "torchpatch-check-errors"}
    for hook in hooks:  # the checker from the hook's clone, standard library only (tests/test_release.py)
        assert hook["entry"].startswith("hooks/torchpatch-check") and hook["language"] == "script"
        assert hook["types"] == ["python"]
        entry = hook["entry"].split()
        assert subprocess.run([sys.executable, str(REPO / entry[0]), *entry[1:], "--help"],
                              capture_output=True).returncode == 0
