"""Start-up and walk shortcuts of `torchpatch check` that must not change what is found."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from torchpatch.validators.checker.imports import LEAVES, child_fields

REPO = Path(__file__).resolve().parent.parent


def _is_entered(value) -> bool:
    return isinstance(value, ast.AST) and not isinstance(value, LEAVES)


def _real_trees():
    """(path, syntax tree) of real code of every kind: the checker's own sources, the test samples, and ast.py
    (match statements, global, async, f-strings, walrus, decorators)."""
    sources = [*sorted((REPO / "validators").rglob("*.py")), *sorted((REPO / "tests" / "samples").rglob("*.py"))]
    for path in (*sources, Path(ast.__file__)):
        try:
            yield path, ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue


def test_fields_left_out_of_walks_never_hold_a_node_the_walks_enter():
    """generic_visit and is_version_guard skip the fields child_fields leaves out: over real code of every kind
    (the checker's own sources, the test samples) such a field holds strings, numbers or leaves only."""
    checked = 0
    for path, tree in _real_trees():
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


def _mask_rules(code: str) -> list[tuple[int, str]]:
    import textwrap

    from torchpatch.validators.checker.check import check_source

    return [(f.line, f.rule) for f in check_source(textwrap.dedent(code), "2.15", "m.py")
            if "uint8" in f.rule or f.rule == "bool-mask-subtraction"]


def test_the_mask_passes_share_one_walk_and_each_still_runs_without_the_other():
    """uint8masks.shared_calls: the uint8 pass and the bool-subtraction pass read one walk of the file's calls, built
    by whichever asks first. A file that needs both gets both findings; a file whose text gates only the second
    pass (no uint8 maker) still gets that pass's finding from the walk the first never asked for."""
    both = """
    import torch

    def f(x, y):
        m = x.byte()
        y.masked_fill_(m, 0)
        valid = x.ne(0)
        return 1 - valid
    """
    bool_only = """
    import torch

    def f(x):
        valid = x.ne(0)
        return 1 - valid
    """
    assert _mask_rules(both) == [(6, "uint8-mask-fill"), (8, "bool-mask-subtraction")]
    assert _mask_rules(bool_only) == [(6, "bool-mask-subtraction")]


def test_subnodes_finds_every_node_ast_walk_finds_but_the_leaves():
    """imports.subnodes, the searches' faster ast.walk: over real code of every kind it yields exactly the nodes
    ast.walk yields, less contexts, operators and constants (which no search that uses it looks for)."""
    from torchpatch.validators.checker.imports import subnodes

    compared = 0
    for path, tree in _real_trees():
        expected = [id(node) for node in ast.walk(tree) if not isinstance(node, LEAVES)]
        found = [id(node) for node in subnodes(tree)]
        assert len(found) == len(set(found)) and set(found) == set(expected), path
        compared += len(found)
    assert compared > 100_000
