"""Docs kept honest: every command and MCP tool named in README and SKILL.md exists, and the reverse;
and the layers only depend downward."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import anyio
from mcp import Client

from torchpatch.server.cli import cli, register_commands
from torchpatch.server.mcp_server import build_mcp_server

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text()


def _cli_commands() -> set[str]:
    register_commands()  # the command modules are imported lazily
    names = set()
    for name, command in cli.commands.items():
        subcommands = getattr(command, "commands", None)
        names |= {f"{name} {sub}" for sub in subcommands} if subcommands else {name}
    return names


def test_every_cli_command_is_documented_and_every_documented_one_exists():
    documented = set(re.findall(r"`torchpatch ([a-z-]+(?: (?:build|install))?)", README))
    assert _cli_commands() <= documented, "undocumented commands"
    assert documented <= _cli_commands(), "README names commands that do not exist"


def test_every_mcp_tool_is_documented_in_readme_and_skill(engine):
    async def main():
        async with Client(build_mcp_server(engine)) as client:
            return {tool.name for tool in (await client.list_tools()).tools}

    tools = anyio.run(main)
    tools_table = README.split("Tools (all read-only")[1].split("Resources:")[0]
    readme_tools = set(re.findall(r"^\| `(\w+)` \|", tools_table, re.M))
    assert tools == readme_tools
    skill = (REPO / "skill" / "SKILL.md").read_text()
    assert all(tool in skill for tool in tools)


LOWER_FORBIDDEN = ("torchpatch.server", "lancedb", "fastapi", "mcp", "uvicorn", "sentence_transformers")


def test_validators_never_import_the_server_layer():
    offenders = []
    for path in (REPO / "validators").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            offenders += [(str(path.relative_to(REPO)), n) for n in names
                          if any(n == f or n.startswith(f + ".") for f in LOWER_FORBIDDEN)]
    assert offenders == []


def test_only_the_index_module_imports_lancedb():
    importers = sorted(str(p.relative_to(REPO)) for p in (REPO / "server").rglob("*.py")
                       if re.search(r"^\s*(import lancedb|from lancedb)", p.read_text(), re.M))
    assert importers == ["server/index.py"]
