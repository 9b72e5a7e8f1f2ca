"""The Agent Skills pack: spec-valid frontmatter, links that resolve, every reference shipped and indexed.

Fixture references live in tests/samples/skill/; the tests marked "real" read the
repository's own skill/ and references/, so they fail when a writer adds a reference
without a row in SKILL.md's table or leaves a link dangling.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from skills_ref.parser import parse_frontmatter
from skills_ref.validator import validate as skills_ref_validate

from torchpatch.server.cli import cli
from torchpatch.server.skillpack import SKILL_NAME, build_skill, install_skill, read_frontmatter, write_llms_files
from torchpatch.server.skillpack.index import indexed_reference_names, unindexed_references
from torchpatch.server.skillpack.links import check_links, relative_links
from torchpatch.validators.errors import InvalidInput, NotFound
from torchpatch.validators.markdown import iter_reference_files

REPO = Path(__file__).resolve().parent.parent
SAMPLES = Path(__file__).parent / "samples" / "skill"
REAL_SKILL = REPO / "skill"
REAL_REFERENCES = REPO / "references"
AGENTSKILLS = Path(sys.executable).parent / "agentskills"
TRIGGER_TERMS = ("torch.compile", "torch.export", "FSDP2", "DTensor", "FlexAttention", "weights_only",
                 "AOTInductor", "CUDA wheels", "C++ extensions")


@pytest.fixture
def source(tmp_path) -> Path:
    """The sample SKILL.md with the real scripts/, so the script is tested as shipped."""
    folder = tmp_path / "source"
    folder.mkdir()
    shutil.copyfile(SAMPLES / "source" / "SKILL.md", folder / "SKILL.md")
    shutil.copytree(REAL_SKILL / "scripts", folder / "scripts")
    return folder


@pytest.fixture
def built(tmp_path, source) -> Path:
    return build_skill(tmp_path / "out", SAMPLES / "references", source).folder


def real_reference_files() -> list[Path]:
    return list(iter_reference_files([REAL_REFERENCES])) if REAL_REFERENCES.is_dir() else []


# --- the specification's rules, checked by its reference validator -------------------------------

def test_built_folder_passes_the_skills_ref_validator(built):
    assert skills_ref_validate(built) == []
    run = subprocess.run([str(AGENTSKILLS), "validate", str(built)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_real_skill_md_passes_the_validator_in_a_folder_named_after_it(tmp_path):
    folder = tmp_path / SKILL_NAME
    shutil.copytree(REAL_SKILL, folder)
    assert skills_ref_validate(folder) == []


def test_validator_rejects_what_the_spec_forbids(tmp_path, source):
    """Guards the guard: the same validator fails on an extra key, a long description, a wrong folder name."""
    cases = {
        "extra-key": ("name: pytorch-knowledge-patch\ndescription: Ok.\nversion: 1.0\n", "Unexpected fields"),
        "long": ("name: pytorch-knowledge-patch\ndescription: " + "x" * 1025 + "\n", "exceeds 1024"),
        "bad-name": ("name: PyTorch--Patch\ndescription: Ok.\n", "must be lowercase"),
    }
    for case, (frontmatter, message) in cases.items():
        folder = tmp_path / case / SKILL_NAME
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(f"---\n{frontmatter}---\n# Body\n")
        assert any(message in error for error in skills_ref_validate(folder)), case
    assert any("must match" in e for e in skills_ref_validate(source))  # folder "source" != name


def test_real_frontmatter_rules_beyond_the_validator():
    text = (REAL_SKILL / "SKILL.md").read_text()
    meta, body = parse_frontmatter(text)
    assert set(meta) <= {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}
    assert meta["name"] == SKILL_NAME
    description = meta["description"]
    assert len(description) <= 1024
    first_word = description.split()[0].lower()
    assert first_word not in {"i", "you", "use", "we"} and " I " not in description, "third person, please"
    assert [term for term in TRIGGER_TERMS if term not in description] == []
    assert all(isinstance(value, str) for value in meta.get("metadata", {}).values())
    assert read_frontmatter(text)["name"] == SKILL_NAME  # the build's own YAML reading agrees
    assert len(text.splitlines()) < 500


def test_real_skill_md_names_the_version_script_the_mcp_tools_and_the_cli():
    text = (REAL_SKILL / "SKILL.md").read_text()
    assert "scripts/torch_version_check.py" in text and (REAL_SKILL / "scripts" / "torch_version_check.py").is_file()
    for name in ("search", "read_section", "list_references", "whats_new", "check_code"):
        assert f"`{name}`" in text
    assert "torchpatch serve" in text and "torchpatch search" in text


# --- the index: every reference file listed, every listed file shipped ---------------------------

def test_real_skill_indexes_every_reference_file():
    files = real_reference_files()
    if not files:
        pytest.fail("references/ has no reference files yet")
    assert unindexed_references((REAL_SKILL / "SKILL.md").read_text(), files) == [], (
        "add a row to skill/SKILL.md's 'Read this file when' table for each")


def test_a_reference_missing_from_the_table_stops_the_build(tmp_path, source):
    references = tmp_path / "references"
    shutil.copytree(SAMPLES / "references", references)
    (references / "gamma.md").write_text("# Gamma\nScope: new.\n\n## Contents\n")
    with pytest.raises(InvalidInput, match=r"gamma\.md.*Read this file when"):
        build_skill(tmp_path / "out", references, source)
    assert not (tmp_path / "out" / SKILL_NAME).exists()


def test_only_the_table_counts_as_the_index(source):
    text = (source / "SKILL.md").read_text()
    assert indexed_reference_names(text) == {"alpha.md", "beta.md"}
    without_table = text.split("## Read this file when")[0]
    with pytest.raises(InvalidInput, match="Read this file when"):
        indexed_reference_names(without_table)


def test_built_folder_contains_every_reference_and_the_section_index(built):
    shipped = sorted(p.name for p in (built / "references").iterdir())
    assert shipped == ["alpha.md", "beta.md"]
    for name in shipped:
        assert (built / "references" / name).read_text() == (SAMPLES / "references" / name).read_text()
    index = json.loads((built / "assets" / "sections.json").read_text())
    assert [ref["file"] for ref in index["references"]] == ["references/alpha.md", "references/beta.md"]
    load = next(s for ref in index["references"] for s in ref["sections"] if s["title"].startswith("`torch.load`"))
    # No record beside the sample references: nothing claims the code ran.
    assert (load.pop("verified"), load.pop("verification")["status"]) in (
        ("not validated yet", "not-validated"), ("no runnable snippet", "no-snippet"))
    assert load == {"id": "alpha#torchload-defaults-to-weights_onlytrue", "title": "`torch.load` defaults to "
                    "`weights_only=True`", "link": "references/alpha.md#torchload-defaults-to-weights_onlytrue",
                    "kind": "breaking", "since": "2.6", "apis": ["torch.load"]}
    assert (built / "scripts" / "torch_version_check.py").is_file()


def test_real_build_ships_every_reference(tmp_path):
    if not real_reference_files():
        pytest.fail("references/ has no reference files yet")
    result = build_skill(tmp_path, REAL_REFERENCES, REAL_SKILL)
    assert sorted(result.references) == sorted(p.name for p in real_reference_files())
    assert skills_ref_validate(result.folder) == []


# --- links ---------------------------------------------------------------------------------------

def test_links_in_the_sample_build_all_resolve(built):
    assert check_links([built / "SKILL.md", *sorted((built / "references").glob("*.md"))], built) == []


def test_broken_files_and_anchors_are_reported_with_their_line(tmp_path):
    (tmp_path / "a.md").write_text("# A\n\n## Here\n\n[ok](#here) [bad](#nowhere)\n"
                                   "[gone](b.md) [web](https://x.org/y.md) `[code](c.md)`\n"
                                   "```text\n[fenced](d.md)\n```\n")
    problems = check_links([tmp_path / "a.md"], tmp_path)
    assert [(p.file, p.line) for p in problems] == [("a.md", 5), ("a.md", 6)]
    assert "#nowhere" in problems[0].message and "no file b.md" in problems[1].message
    assert relative_links("[x](y.md#z)\n") == [(1, "y.md#z")]


def test_a_broken_link_in_a_reference_is_reported_by_the_build_not_fatal(tmp_path, source):
    references = tmp_path / "references"
    shutil.copytree(SAMPLES / "references", references)
    with (references / "beta.md").open("a") as handle:
        handle.write("\nSee [nothing](alpha.md#no-such-heading).\n")
    result = build_skill(tmp_path / "out", references, source)
    assert [p.file for p in result.broken_links] == ["references/beta.md"]
    assert "#no-such-heading" in result.broken_links[0].message


def test_every_link_in_the_real_skill_and_references_resolves(tmp_path):
    if not real_reference_files():
        pytest.fail("references/ has no reference files yet")
    result = build_skill(tmp_path, REAL_REFERENCES, REAL_SKILL)
    assert [str(p) for p in result.broken_links] == []


# --- build, install, CLI -------------------------------------------------------------------------

def test_rebuild_replaces_the_folder_and_refuses_to_clobber_other_folders(tmp_path, source):
    out = tmp_path / "out"
    folder = build_skill(out, SAMPLES / "references", source).folder
    (folder / "references" / "stale.md").write_text("old")
    build_skill(out, SAMPLES / "references", source)
    assert not (folder / "references" / "stale.md").exists()
    assert [p.name for p in out.iterdir()] == [SKILL_NAME]  # no staging folder left behind
    other = tmp_path / "other"
    (other / SKILL_NAME).mkdir(parents=True)
    (other / SKILL_NAME / "notes.txt").write_text("mine")
    with pytest.raises(InvalidInput, match="not a skill folder"):
        build_skill(other, SAMPLES / "references", source)
    assert (other / SKILL_NAME / "notes.txt").read_text() == "mine"


def test_missing_inputs_say_what_to_pass(tmp_path, source):
    with pytest.raises(NotFound, match="--references"):
        build_skill(tmp_path, tmp_path / "nope", source)
    with pytest.raises(NotFound, match="--source"):
        build_skill(tmp_path, SAMPLES / "references", tmp_path / "nope")


def test_install_defaults_to_the_claude_skills_folder(tmp_path, source, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    result = install_skill(references_dir=SAMPLES / "references", source_dir=source)
    assert result.folder == tmp_path / "home" / ".claude" / "skills" / SKILL_NAME
    assert skills_ref_validate(result.folder) == []


def test_cli_build_writes_skill_and_llms_files_and_install_takes_dest(tmp_path, source, monkeypatch):
    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path / "tp-home"))
    runner = CliRunner()
    sources = ["--references", str(SAMPLES / "references"), "--source", str(source)]
    out = runner.invoke(cli, ["skill", "build", "--dest", str(tmp_path / "dist"), *sources])
    assert out.exit_code == 0, out.output
    assert "2 reference files" in out.output
    assert sorted(p.name for p in (tmp_path / "dist").iterdir()) == ["llms-full.txt", "llms.txt", SKILL_NAME]
    out = runner.invoke(cli, ["skill", "install", "--dest", str(tmp_path / "agent"), *sources])
    assert out.exit_code == 0, out.output
    assert [p.name for p in (tmp_path / "agent").iterdir()] == [SKILL_NAME]
    (tmp_path / "empty").mkdir()
    out = runner.invoke(cli, ["skill", "build", "--dest", str(tmp_path / "x"), "--references", str(tmp_path / "empty")])
    assert out.exit_code == 1 and "Error: no reference files" in out.output


# --- llms.txt ------------------------------------------------------------------------------------

def test_llms_files_index_every_section_and_carry_every_reference(tmp_path, built):
    index_path, full_path = write_llms_files(tmp_path / "out", SAMPLES / "references",
                                             link_prefix=f"{SKILL_NAME}/references/")
    index = index_path.read_text()
    assert index.startswith("# PyTorch knowledge patch\n\n> ")
    assert "- [`torch.cholesky` is removed](pytorch-knowledge-patch/references/alpha.md#torchcholesky-is-removed)" \
           ": breaking, deprecated 1.9, removed 2.14" in index
    assert "#contents" not in index
    assert check_links([index_path], tmp_path / "out") == []  # every section link lands on a heading
    full = full_path.read_text()
    for name in ("alpha.md", "beta.md"):
        assert (SAMPLES / "references" / name).read_text().strip() in full


# --- the version-check script, run as an agent would ----------------------------------------------

def run_script(folder: Path, *args: str) -> subprocess.CompletedProcess:
    script = folder / "scripts" / "torch_version_check.py"
    return subprocess.run([sys.executable, "-I", str(script), *args], capture_output=True, text=True, cwd="/")


def groups_for(folder: Path, version: str) -> dict[str, list[str]]:
    run = run_script(folder, "--torch", version, "--json")
    assert run.returncode == 0, run.stderr
    return {heading.split(":")[0]: [s["title"] for s in sections]
            for heading, sections in json.loads(run.stdout)["groups"].items() if sections}


def test_version_check_sorts_sections_by_the_torch_version(built):
    old, new = groups_for(built, "2.5.1"), groups_for(built, "2.15.0")
    assert old == {"Deprecated in this build": ["`torch.cholesky` is removed", "Amp moves"],
                   "NOT in this build": ["New compiler stance", "A future API"],
                   "Changes in later builds": ["`torch.load` defaults to `weights_only=True`"]}
    assert new == {"Removed in this build": ["`torch.cholesky` is removed"],
                   "In effect in this build": ["`torch.load` defaults to `weights_only=True`"],
                   "Deprecated in this build": ["Amp moves"],
                   "Available in this build": ["New compiler stance"],
                   "NOT in this build": ["A future API"]}


def test_version_check_reads_the_installed_torch_and_needs_only_the_standard_library(built):
    import ast
    import importlib.metadata

    run = run_script(built)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"torch {importlib.metadata.version('torch')} ")
    assert "-> references/alpha.md#torchcholesky-is-removed" in run.stdout
    tree = ast.parse((built / "scripts" / "torch_version_check.py").read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


def test_version_check_explains_a_missing_index(tmp_path, built):
    (built / "assets" / "sections.json").unlink()
    run = run_script(built, "--torch", "2.6")
    assert run.returncode == 2 and "torchpatch skill build" in run.stderr


# --- the Claude Code plugin ----------------------------------------------------------------------

def test_plugin_manifest_and_marketplace_entry():
    plugin = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    assert plugin["name"] == SKILL_NAME and plugin["version"]
    assert "skills" not in plugin, "the plugin uses the default skills/ folder"
    assert market["name"] and market["owner"]["name"]
    entry = next(p for p in market["plugins"] if p["name"] == plugin["name"])
    assert entry["source"] == "./"
    changelog = (REPO / "CHANGELOG.md").read_text()  # the release version (.ci/release_check.py)
    assert f'\n## {plugin["version"]}\n' in changelog and entry["version"] == plugin["version"]
    assert read_frontmatter((REAL_SKILL / "SKILL.md").read_text())["metadata"]["version"] == plugin["version"]


def test_plugin_skill_folder_is_a_current_build(tmp_path):
    """skills/pytorch-knowledge-patch/ is what plugin users get: it must equal a fresh build."""
    committed = REPO / "skills" / SKILL_NAME
    fresh = build_skill(tmp_path, REAL_REFERENCES, REAL_SKILL).folder
    regenerate = "run `torchpatch skill build --dest skills --no-llms` and commit skills/"
    assert committed.is_dir(), regenerate
    files = lambda root: {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    old, new = files(committed), files(fresh)
    assert sorted(old) == sorted(new), regenerate
    assert [name for name in new if old[name] != new[name]] == [], regenerate


@pytest.mark.parametrize("version", ["2.3.0", "2.9.1", "2.15.0"])
def test_version_check_brief_fits_2kb_and_says_how_to_get_the_rest(tmp_path, version):
    """The skill's first step on the real references: a brief by default, everything with --full."""
    folder = build_skill(tmp_path / "skill", REAL_REFERENCES, REAL_SKILL).folder
    brief, full = run_script(folder, "--torch", version), run_script(folder, "--torch", version, "--full")
    assert brief.returncode == 0 == full.returncode, brief.stderr + full.stderr
    assert len(brief.stdout.encode()) <= 2000 + 1  # the limit, plus print's newline
    assert brief.stdout.startswith(f"torch {version} ") and "Sections by group:" in brief.stdout
    assert "--full" in brief.stdout and "Read first (" in brief.stdout
    assert len(full.stdout.encode()) > 20_000  # the complete list is what --full is for
    listed = [line for line in brief.stdout.splitlines() if line.startswith("  - ")]
    assert listed and all(line in full.stdout.splitlines() or line.split(" (")[0] in full.stdout for line in listed)
