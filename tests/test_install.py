"""The wheel as a user gets it: installed into a fresh venv with no torch, used from a fresh home.

Builds the real wheel (.ci/build_wheel.py), installs it with uv (base dependencies from PyPI),
then checks that torch stayed out, that `torchpatch search` shows the shipped verification
record, and that the README's one-line MCP setup (`uvx --from ... torchpatch serve`) answers
the official SDK client over stdio. About 2-3 minutes; deselect with `-m 'not install'`.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.install

REPO = Path(__file__).resolve().parent.parent
UV = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if UV is None:
        pytest.skip("uv is not installed (it comes with the test extra)")
    dist = tmp_path_factory.mktemp("dist")
    out = subprocess.run([sys.executable, str(REPO / ".ci" / "build_wheel.py"), str(dist)], capture_output=True,
                         text=True, check=True).stdout
    return Path(out.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def light_venv(wheel, tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("light") / "venv"
    subprocess.run([UV, "venv", "--quiet", "--python", sys.executable, str(venv)], check=True)
    subprocess.run([UV, "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"), str(wheel)],
                   check=True, env=_uv_env(tmp_path_factory.mktemp("uv")))
    return venv


def _uv_env(cache: Path | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH"))}
    env["UV_CACHE_DIR"] = os.environ.get("UV_CACHE_DIR") or str(Path.home() / ".cache" / "uv")
    return env


def _fresh_env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCHPATCH_", "VIRTUAL_ENV", "PYTHONPATH"))}
    env["TORCHPATCH_HOME"] = str(home)
    return env


def test_wheel_carries_references_skill_record_and_model(wheel):
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    for required in ("torchpatch/references/migrations-and-security.md", "torchpatch/references/verification.json",
                     "torchpatch/skill/SKILL.md", "torchpatch/server/model/all-MiniLM-L6-v2.onnx",
                     "torchpatch/server/model/tokenizer.json", "torchpatch/server/model/section-vectors.npz"):
        assert required in names, required
    assert not any(name.startswith(("server/", "validators/")) for name in names)  # only the torchpatch namespace


def test_light_install_has_no_torch_and_searches_with_the_shipped_record(light_venv, tmp_path):
    python = light_venv / "bin" / "python"
    probe = "import importlib.util as u; print([m for m in ('torch', 'sentence_transformers') if u.find_spec(m)])"
    assert subprocess.run([python, "-c", probe], capture_output=True, text=True, check=True).stdout.strip() == "[]"

    result = subprocess.run([light_venv / "bin" / "torchpatch", "search", "torch.load weights_only", "--k", "5",
                             "--json"], capture_output=True, text=True, env=_fresh_env(tmp_path / "home"),
                            timeout=300)
    assert result.returncode == 0, result.stderr
    hits = json.loads(result.stdout)
    assert hits and all(hit["file"].startswith("references/") for hit in hits)
    verified = [hit for hit in hits if hit["verification"]["status"] == "verified"]
    assert verified, [hit["verified"] for hit in hits]
    assert verified[0]["verified"].startswith("verified on torch 2.15.0: cpu ")
    assert verified[0]["verification"]["torch"] == "2.15.0" and "cpu" in verified[0]["verification"]["devices"]
    # Still no torch after use: nothing installed or downloaded one.
    assert subprocess.run([python, "-c", probe], capture_output=True, text=True, check=True).stdout.strip() == "[]"


def test_readme_uvx_command_serves_mcp_over_stdio(wheel, tmp_path):
    """The README's MCP setup, with the built wheel in place of the PyPI name."""
    from mcp import ClientSession, StdioServerParameters, stdio_client

    uvx = shutil.which("uvx", path=str(Path(UV).parent))
    params = StdioServerParameters(command=uvx, args=["--quiet", "--from", str(wheel), "torchpatch", "serve"],
                                   env={**_fresh_env(tmp_path / "home"), **_uv_env()})

    async def round_trip():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = {tool.name for tool in (await session.list_tools()).tools}
            result = await session.call_tool("search", {"query": "export_for_training removed", "k": 1})
            return tools, result

    tools, result = asyncio.run(asyncio.wait_for(round_trip(), timeout=300))
    assert {"search", "read_section", "list_references", "whats_new", "check_code"} <= tools
    assert not result.is_error
    hit = result.structured_content["results"][0]
    assert "export_for_training" in hit["text"] and hit["verified"] and hit["verification"]["status"]
