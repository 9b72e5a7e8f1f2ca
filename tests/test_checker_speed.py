"""Start-up and walk shortcuts of `torchpatch check` that must not change what is found."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from torchpatch.validators.checker.imports import child_fields

_LEAVES = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.Constant)
REPO = Path(__file__).resolve().parent.parent


def _is_entered(value) -> bool:
    return isinstance(value, ast.AST) and not isinstance(value, _LEAVES)


def test_fields_left_out_of_walks_never_hold_a_node_the_walks_enter():
    """generic_visit and is_version_guard skip the fields child_fields leaves out: over real code of every kind
    (the checker's own sources, the test samples) such a field holds strings, numbers or leaves only."""
    sources = [*sorted((REPO / "validators").rglob("*.py")), *sorted((REPO / "tests" / "samples").rglob("*.py"))]
    sources.append(Path(ast.__file__))  # match statements, global, async, f-strings, walrus, decorators
    checked = 0
    for path in sources:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            kept = child_fields(node.__class__)
            for name in node._fields:
                if name in kept:
                    continue
                value = getattr(node, name, None)
                items = value if isinstance(value, list) else [value]
                assert not any(_is_entered(item) for item in items), (path, type(node).__name__, name)
                checked += 1
    assert checked > 10_000


def test_child_fields_keep_every_node_field_of_the_grammar():
    """The fields that hold expressions or statements are kept for every node class (an import's names are
    alias nodes; ``global``'s are strings)."""
    assert child_fields(ast.Import) == ("names",)
    assert child_fields(ast.ImportFrom) == ("names",)
    assert child_fields(ast.Global) == () and child_fields(ast.Nonlocal) == ()
    assert child_fields(ast.Attribute) == ("value",)
    assert child_fields(ast.Name) == () and child_fields(ast.Constant) == ()
    assert child_fields(ast.Compare) == ("left", "comparators")
    assert child_fields(ast.FunctionDef) == ("args", "body", "decorator_list", "returns")
    assert child_fields(ast.keyword) == ("value",)


def test_check_command_loads_no_other_command_module():
    """`torchpatch check` looks up its command without importing the other commands' modules (start-up CPU);
    the full list (help) still has them all."""
    code = (
        "import sys, click\n"
        "from torchpatch.server.cli import cli\n"
        "assert cli.get_command(click.Context(cli), 'check') is not None\n"
        "others = [m for m in sys.modules if m.startswith('torchpatch.server.cli.') and m != 'torchpatch.server.cli.check_cmd']\n"
        "assert not others, others\n"
        "names = cli.list_commands(click.Context(cli))\n"
        "assert {'check', 'search', 'validate', 'index'} <= set(names), names\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
