"""Installs as users make them, each into a fresh venv without torch, used from a fresh home.

The source is the working tree committed into a scratch git repository (what a clone gives).
From it: the sdist, then a wheel built from that sdist (``python -m build``, as the release
workflow does); ``pip install git+file://...`` (uv's resolver, the same PEP 517 build); ``uvx
--from git+file://...``; ``pip wheel`` (pip's own build isolation). Each install must search with
the shipped verification record and answer the official MCP SDK client over stdio, with no torch
and no sentence-transformers at build or run time. The pre-commit hook is installed with the real
``pre-commit`` from the same repository, and the plugin's ``.mcp.json`` command is started.

``TORCHPATCH_TEST_DIST=DIR`` tests the sdist and wheel in DIR instead of building them (the
release workflow and ``make release-check``). The model build step caches its results
(``~/.cache/torchpatch-build``), so only the first build on a machine embeds the sections.
Deselect with ``-m 'not install'``.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.install

REPO = Path(__file__).resolve().parent.parent
PROBE = "import importlib.util as u; print([m for m in ('torch', 'sentence_transformers') if u.find_spec(m)])"
TOOLS = {"search", "read_section", "list_references", "whats_new", "check_code"}
MODEL_FILES = ("all-MiniLM-L6-v2.onnx", "tokenizer.json", "section-vectors.npz")
HOOK_ENV_LIMIT = 60_000_000  # bytes: the bound for installing the linter hook


def _uv() -> str | None:
    try:
        import uv

        return uv.find_uv_bin()
    except (ImportError, FileNotFoundError):
        return shutil.which("uv")


UV = _uv()


def release_version() -> str:
    """CHANGELOG.md's newest entry: what a release build (the tagged commit) is, and the plugin pins."""
    sys.path.insert(0, str(REPO / ".ci"))
    import release_check

    return release_check.release_version()


def git_version(repo: Path) -> str:
    """The version setuptools-scm gives a build of repo's HEAD, as every build backend run there does."""
    return run([sys.executable, "-m", "setuptools_scm", "--root", repo, "--config", repo / "pyproject.toml"],
               env=clean_env()).stdout.strip()


def clean_env(home: Path | None = None) -> dict:
    """The caller's environment without this venv, this checkout's home or a PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCHPATCH_HOME", "TORCHPATCH_DB",
                                                                     "TORCHPATCH_REFERENCES", "VIRTUAL_ENV",
                                                                     "PYTHONPATH"))}
    if home is not None:
        env["TORCHPATCH_HOME"] = str(home)
    return env


def run(args, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{args}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


@pytest.fixture(scope="module")
def source_repo(tmp_path_factory) -> tuple[Path, str]:
    """The working tree (tracked and new files, as `git ls-files` lists them) committed into a fresh repository."""
    if UV is None:
        pytest.skip("uv is not installed (it comes with the test extra)")
    repo = tmp_path_factory.mktemp("source") / "pytorch-knowledge-patch"
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO).stdout
    for name in filter(None, listed.split("\0")):
        if (REPO / name).is_file() and not (REPO / name).is_symlink():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, repo / name)
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"]
    run([*git, "init", "--quiet"], cwd=repo)
    run([*git, "add", "--all"], cwd=repo)
    run([*git, "commit", "--quiet", "-m", "snapshot"], cwd=repo)
    return repo, run(["git", "rev-parse", "HEAD"], cwd=repo).stdout.strip()


@pytest.fixture(scope="module")
def dist(source_repo, tmp_path_factory) -> dict[str, Path]:
    """{"sdist": ..., "wheel": ...}: the wheel is built from the sdist, as for a release."""
    given = os.environ.get("TORCHPATCH_TEST_DIST")
    folder = Path(given).resolve() if given else tmp_path_factory.mktemp("dist")
    if not given:
        run([sys.executable, "-m", "build", "--installer", "uv", "--outdir", folder, source_repo[0]],
            env=clean_env())
    version = release_version() if given else git_version(source_repo[0])
    found = {"sdist": sorted(folder.glob(f"pytorch_knowledge_patch-{version}.tar.gz")),
             "wheel": sorted(folder.glob(f"pytorch_knowledge_patch-{version}-py3-none-any.whl"))}
    assert all(len(paths) == 1 for paths in found.values()), (version, sorted(folder.iterdir()))
    return {kind: paths[0] for kind, paths in found.items()}


def installed_version(venv: Path) -> str:
    # -I: not the checkout's own pytorch_knowledge_patch.egg-info, which sys.path's '' (the cwd) would find first
    return run([venv / "bin" / "python", "-I", "-c", "import importlib.metadata as m; "
                "print(m.version('pytorch-knowledge-patch'))"]).stdout.strip()


def fresh_venv(folder: Path, target: str, uv_env: dict | None = None) -> Path:
    venv = folder / "venv"
    run([UV, "venv", "--quiet", "--python", sys.executable, venv], env=clean_env())
    run([UV, "pip", "install", "--quiet", "--python", venv / "bin" / "python", target], env=uv_env or clean_env())
    return venv


@pytest.fixture(scope="module")
def wheel_venv(dist, tmp_path_factory) -> Path:
    return fresh_venv(tmp_path_factory.mktemp("from-wheel"), str(dist["wheel"]))


@pytest.fixture(scope="module")
def git_url(source_repo) -> str:
    repo, rev = source_repo
    return f"git+{repo.as_uri()}@{rev}"


@pytest.fixture(scope="module")
def git_venv(git_url, tmp_path_factory) -> Path:
    return fresh_venv(tmp_path_factory.mktemp("from-git"), f"pytorch-knowledge-patch @ {git_url}")


def test_sdist_carries_the_build_step_and_the_wheel_its_results(dist):
    with tarfile.open(dist["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for required in ("pyproject.toml", "torchpatch_build/model.py", "torchpatch_build/setuptools_cmd.py",
                     "server/onnx_export.py", "references/verification.json", "references/check-rules.toml",
                     "CHANGELOG.md"):
        assert required in names, required
    assert not any(name.startswith("server/model/") for name in names)  # made by the build, not shipped

    wheel = set(zipfile.ZipFile(dist["wheel"]).namelist())
    for required in ("torchpatch/references/migrations-and-security.md", "torchpatch/references/verification.json",
                     "torchpatch/skill/SKILL.md", *(f"torchpatch/server/model/{name}" for name in MODEL_FILES)):
        assert required in wheel, required
    assert not any(name.startswith(("server/", "validators/", "torchpatch_build/")) for name in wheel)


def test_pip_wheel_from_the_repository_writes_the_model(source_repo, tmp_path):
    """pip's own PEP 517 build (as `pip install .` and `pip install git+URL` run it), in build isolation."""
    out = tmp_path / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", out, source_repo[0]],
        env=clean_env())
    (wheel,) = out.glob("pytorch_knowledge_patch-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"torchpatch/server/model/{name}" for name in MODEL_FILES} <= names


@pytest.mark.parametrize("install", ["wheel_venv", "git_venv"], ids=["wheel-from-sdist", "git+file"])
def test_install_searches_with_the_shipped_record(install, request, tmp_path):
    venv = request.getfixturevalue(install)
    python = venv / "bin" / "python"
    assert run([python, "-c", PROBE]).stdout.strip() == "[]"

    result = run([venv / "bin" / "torchpatch", "search", "torch.load weights_only", "--k", "5", "--json"],
                 env=clean_env(tmp_path / "home"), timeout=300, cwd=tmp_path)
    hits = json.loads(result.stdout)
    assert hits and all(hit["file"].startswith("references/") for hit in hits)
    verified = [hit for hit in hits if hit["verification"]["status"] == "verified"]
    assert verified, [hit["verification"] for hit in hits]
    assert verified[0]["verification"]["torch"] == "2.15.0" and "cpu" in verified[0]["verification"]["devices"]
    assert run([python, "-c", PROBE]).stdout.strip() == "[]"  # nothing installed torch on first use


def mcp_round_trip(command: str, args: list[str], env: dict):
    """initialize, tools/list and one search with the official SDK client over stdio."""
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(command=command, args=args, env=env)

    async def session():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
            init = await client.initialize()
            tools = {tool.name for tool in (await client.list_tools()).tools}
            result = await client.call_tool("search", {"query": "export_for_training removed", "k": 1})
            return init, tools, result

    return asyncio.run(asyncio.wait_for(session(), timeout=300))


def assert_serves(init, tools, result, version: str) -> None:
    assert init.server_info.name == "torchpatch" and init.server_info.version == version
    assert TOOLS <= tools
    assert not result.is_error
    hit = result.structured_content["results"][0]
    assert "export_for_training" in hit["text"] and hit["verification"]["status"] == "verified"


@pytest.mark.parametrize("install", ["wheel_venv", "git_venv"], ids=["wheel-from-sdist", "git+file"])
def test_install_serves_mcp_over_stdio(install, request, tmp_path):
    venv = request.getfixturevalue(install)
    assert_serves(*mcp_round_trip(str(venv / "bin" / "torchpatch"), ["serve"], clean_env(tmp_path / "home")),
                  installed_version(venv))


def test_uvx_from_a_git_url_serves_mcp(source_repo, git_url, tmp_path):
    """The README's source line for agents: `uvx --from git+URL torchpatch serve`."""
    uvx = shutil.which("uvx", path=str(Path(UV).parent))
    assert_serves(*mcp_round_trip(uvx, ["--quiet", "--from", git_url, "torchpatch", "serve"],
                                  clean_env(tmp_path / "home")), git_version(source_repo[0]))


def test_pip_upgrade_from_a_git_url_installs_the_new_commit(source_repo, tmp_path):
    """`pip install --upgrade git+URL` after a new commit replaces the install: each commit is a new version.
    With a fixed version pip answered "already satisfied" and kept the old rules (--no-deps: only this package)."""
    clone = tmp_path / "clone"
    run(["git", "clone", "--quiet", source_repo[0], clone])
    venv = tmp_path / "venv"
    run([UV, "venv", "--quiet", "--seed", "--python", sys.executable, venv], env=clean_env())
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-deps", "--upgrade"]
    run([*pip, f"git+{clone.as_uri()}"], env=clean_env())
    first = installed_version(venv)
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"]
    run([*git, "commit", "--quiet", "--allow-empty", "-m", "a later commit"], cwd=clone)
    run([*pip, f"git+{clone.as_uri()}"], env=clean_env())
    assert first == git_version(source_repo[0]) and installed_version(venv) == git_version(clone) != first


def test_plugin_mcp_json_starts_the_server(dist, tmp_path):
    """The plugin's .mcp.json command, with the built wheel in place of the release it names."""
    (server,) = json.loads((REPO / ".mcp.json").read_text())["mcpServers"].values()
    requirement = f"pytorch-knowledge-patch=={release_version()}"
    args = [str(dist["wheel"]) if arg == requirement else arg for arg in server["args"]]
    assert args != server["args"], f".mcp.json does not run {requirement}"
    command = shutil.which(server["command"], path=str(Path(UV).parent)) or server["command"]
    version = dist["wheel"].name.split("-")[1]
    assert_serves(*mcp_round_trip(command, ["--quiet", *args], clean_env(tmp_path / "home")), version)


def test_readme_release_lines_with_the_built_wheel(dist, tmp_path):
    """`pipx install pytorch-knowledge-patch` / `uv tool install ...`: the console script on PATH, no torch."""
    tools = tmp_path / "tools"
    env = {**clean_env(tmp_path / "home"), "UV_TOOL_DIR": str(tools), "UV_TOOL_BIN_DIR": str(tmp_path / "bin")}
    run([UV, "tool", "install", "--quiet", "--python", sys.executable, dist["wheel"]], env=env)
    assert dist["wheel"].name.split("-")[1] in run([tmp_path / "bin" / "torchpatch", "--version"], env=env).stdout
    assert run([tools / "pytorch-knowledge-patch" / "bin" / "python", "-c", PROBE]).stdout.strip() == "[]"


def test_precommit_hook_installs_light_and_reports(source_repo, tmp_path):
    """The linter alone, as a project adds it: pre-commit clones this repository and runs the hook."""
    repo, rev = source_repo
    project = tmp_path / "project"
    project.mkdir()
    (project / "train.py").write_text("import torch\nscaler = torch.cuda.amp.GradScaler()\n", encoding="utf-8")
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {repo.as_uri()}\n    rev: {rev}\n    hooks:\n"
        "      - id: torchpatch-check\n        args: [--format, json]\n", encoding="utf-8")
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid"]
    run([*git, "init", "--quiet"], cwd=project)
    run([*git, "add", "--all"], cwd=project)
    precommit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
    if precommit is None:
        pytest.skip("pre-commit is not installed (it comes with the test extra)")
    env = {**clean_env(), "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    run([precommit, "install-hooks"], cwd=project, env=env)
    size = sum(p.stat().st_size for p in (tmp_path / "pre-commit-home").rglob("*") if p.is_file())
    assert size <= HOOK_ENV_LIMIT, size
    assert not any((tmp_path / "pre-commit-home").rglob("onnxruntime")), "the hook installed the search runtime"

    result = subprocess.run([precommit, "run", "--all-files"], cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 1, result.stdout + result.stderr  # a finding fails the hook
    report = json.loads(result.stdout[result.stdout.index("{"): result.stdout.rindex("}") + 1])
    (finding,) = report["findings"]
    assert finding["file"] == "train.py" and finding["line"] == 2 and finding["api"].startswith("torch.cuda.amp")
    assert finding["section"].startswith("migrations-and-security#")


def test_install_without_its_model_says_what_is_missing(dist, tmp_path):
    """A partial install (the model folder gone, as from a build without its build step) names what is missing."""
    venv = fresh_venv(tmp_path, str(dist["wheel"]))
    (model,) = (venv / "lib").glob("python*/site-packages/torchpatch/server/model")
    shutil.rmtree(model)
    result = subprocess.run([venv / "bin" / "torchpatch", "search", "torch.load", "--json"], capture_output=True,
                            text=True, env=clean_env(tmp_path / "home"), timeout=300)
    assert result.returncode == 1 and result.stdout == ""
    assert "no embedding model" in result.stderr and "all-MiniLM-L6-v2.onnx" in result.stderr
    assert "pip install" in result.stderr and "Traceback" not in result.stderr
    assert "writable" not in result.stderr and "sentence_transformers" not in result.stderr
