"""The release path and the plugin, checked without building anything (tests/test_install.py builds).

One release version (CHANGELOG.md's newest entry) named by the plugin manifests and the plugin's
.mcp.json, a package version from git that makes every commit a new version, a release workflow that checks with `make release-check` and publishes with trusted
publishing, the plugin's two parts (skill and MCP server), and a pre-commit hook that needs
nothing beyond Python's standard library.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / ".ci"))
import release_check  # noqa: E402


def test_one_release_version_everywhere():
    version = release_check.release_version()
    assert version and release_check.version_problems(version) == []
    assert len(release_check.version_problems("999.0.0")) == 4  # both manifests, the marketplace entry, .mcp.json


def test_package_version_comes_from_git():
    """A fixed version made `pip install --upgrade git+URL` keep an old install: pip saw nothing new."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert any(req.startswith("setuptools-scm") for req in project["build-system"]["requires"])
    assert project["tool"]["setuptools_scm"]["fallback_version"] == release_check.release_version()


def test_release_check_refuses_a_tag_of_another_version():
    result = subprocess.run([sys.executable, str(REPO / ".ci" / "release_check.py"), "--tag", "v999.0.0"],
                            capture_output=True, text=True)
    assert result.returncode == 1 and "v999.0.0" in result.stderr


def test_release_workflow_checks_then_publishes_with_trusted_publishing():
    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "release.yml").read_text())
    assert workflow[True]["push"]["tags"] == ["v*"]  # YAML reads the key `on` as True
    check, publish = workflow["jobs"]["check"], workflow["jobs"]["publish"]
    assert any("make release-check" in step.get("run", "") for step in check["steps"])
    assert publish["needs"] == "check" and publish["permissions"]["id-token"] == "write"
    assert any(step.get("uses", "").startswith("pypa/gh-action-pypi-publish@") for step in publish["steps"])
    assert "password" not in json.dumps(publish)  # no stored token


def test_plugin_gives_the_skill_and_the_mcp_server():
    plugin = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    (entry,) = market["plugins"]
    assert entry["name"] == plugin["name"] and entry["source"] == "./"
    skill = REPO / "skills" / plugin["name"] / "SKILL.md"
    assert skill.is_file() and skill.read_text().startswith("---\nname: ")
    servers = json.loads((REPO / ".mcp.json").read_text())["mcpServers"]
    assert list(servers) == ["torchpatch"]
    server = servers["torchpatch"]
    assert server["command"] == "uvx" and server["args"][-2:] == ["torchpatch", "serve"]
    assert f"pytorch-knowledge-patch=={release_check.release_version()}" in server["args"]


def test_precommit_hook_runs_on_the_standard_library_alone(tmp_path):
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert {hook["id"] for hook in hooks} == {"torchpatch-check", "torchpatch-check-errors"}
    assert all(hook["language"] == "script" for hook in hooks)  # `python` would pip-install the runtime
    script = REPO / hooks[0]["entry"].split()[0]
    mode = subprocess.run(["git", "ls-files", "-s", str(script)], cwd=REPO, capture_output=True, text=True).stdout
    assert mode.startswith("100755"), mode  # pre-commit runs the file itself

    sample = tmp_path / "train.py"
    sample.write_text("import torch\nscaler = torch.cuda.amp.GradScaler()\n", encoding="utf-8")
    # -S: no site-packages at all (no click, rich, tomli, numpy); -I: no PYTHONPATH, no user site.
    result = subprocess.run([sys.executable, "-I", "-S", str(script), "--format", "json", str(sample)],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["line"] == 2 and finding["section"].startswith("migrations-and-security#")

    clean = tmp_path / "clean.py"
    clean.write_text("import torch\nscaler = torch.amp.GradScaler('cuda')\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-I", "-S", str(script), "--severity", "error", str(clean)],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_precommit_hook_fixes_what_is_safe(tmp_path):
    script = REPO / "hooks" / "torchpatch-check"
    sample = tmp_path / "train.py"
    sample.write_text("import torch\nA = torch.ones(2, 2)\nq, r = torch.qr(A)\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-I", "-S", str(script), "--fix", "--format", "json", str(sample)],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 1, result.stderr  # files changed: pre-commit shows the diff and fails once
    assert sample.read_text(encoding="utf-8") == "import torch\nA = torch.ones(2, 2)\nq, r = torch.linalg.qr(A)\n"
    assert json.loads(result.stdout)["findings"] == []
    again = subprocess.run([sys.executable, "-I", "-S", str(script), str(sample)], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr


def test_precommit_hook_reads_the_config_and_refuses_unknown_selectors(tmp_path):
    """The hook resolves its options as `torchpatch check` does: [tool.torchpatch] counts, a typo is exit 2."""
    script = REPO / "hooks" / "torchpatch-check"
    sample = tmp_path / "train.py"
    sample.write_text("import torch\nscaler = torch.cuda.amp.GradScaler()\nq, r = torch.qr(torch.ones(2, 2))\n",
                      encoding="utf-8")
    run = lambda *args: subprocess.run([sys.executable, "-I", "-S", str(script), "--format", "json", *args],  # noqa: E731
                                       capture_output=True, text=True, cwd=tmp_path)
    everything = json.loads(run(str(sample)).stdout)["findings"]
    assert len(everything) == 2
    qr_code = next(f["code"] for f in everything if f["line"] == 3)
    (tmp_path / "pyproject.toml").write_text(f'[tool.torchpatch]\nignore = ["{qr_code}"]\n', encoding="utf-8")
    (kept,) = json.loads(run(str(sample)).stdout)["findings"]
    assert kept["line"] == 2
    typo = run("--select", "TP9999x", str(sample))
    assert typo.returncode == 2 and "unknown rule selector" in typo.stderr
