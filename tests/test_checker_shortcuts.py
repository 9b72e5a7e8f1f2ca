"""The checker's cheap tests that stand in for a walk (speed) must answer as the walk does."""

from __future__ import annotations

import ast
from pathlib import Path

from torchpatch.validators.checker.imports import ImportMap
from torchpatch.validators.checker.loaded import LoadedObjects

CORPUS = Path(__file__).parent / "samples" / "checker" / "corpus"

TRICKY = '''
x = self.conv(x)
y = self.y_proj(z) + obj.y
out = "out" if flag else f"{out}"
h = (
    h
    + 1
)
café = torch.load(p); k = k2
ckpt = ckpt["model"]
def f():
    global loss
    loss = loss + 1
    class C:
        global other
        other = 1
'''


def _assignments(code: str):
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            yield node.value, node.targets[0].id


def test_text_test_of_a_bound_value_agrees_with_walking_it():
    sources = [TRICKY, *(path.read_text(encoding="utf-8") for path in sorted(CORPUS.glob("*.py")))]
    checked = 0
    for code in sources:
        loads = LoadedObjects()
        loads.source_lines = code.split("\n")
        for value, name in _assignments(code):
            walked = any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(value))
            assert loads._mentions(value, name) == walked, (name, ast.unparse(value))
            checked += 1
    assert checked > 100


def test_a_global_in_a_nested_class_does_not_rebind_for_the_function():
    nested = "import torch.utils.checkpoint as checkpoint\n" \
             "def f():\n    class C:\n        global checkpoint\n    checkpoint = 1\n"
    imports = ImportMap.from_tree(ast.parse(nested))
    assert imports.aliases["checkpoint"] == "torch.utils.checkpoint"  # f's own local: hidden only in f
    assert list(imports.local_rebound.values()) == [{"checkpoint"}]
    own = nested.replace("    class C:\n        global checkpoint\n", "    global checkpoint\n")
    imports = ImportMap.from_tree(ast.parse(own))
    assert "checkpoint" not in imports.aliases and not imports.local_rebound  # the module's name is rebound


def test_a_star_imported_name_resolves_the_same_whichever_caller_asks_first():
    # resolve caches its answers; through a star import the answer depends on ``known``, so a check asking
    # without it (a guard's test) must not decide what a later rule lookup gets
    def knows(qualified):
        return qualified == "torch.nn.functional.relu"

    star = ast.parse("from torch.nn.functional import *\nrelu(x)\n")
    for first_plain in (True, False):
        imports = ImportMap.from_tree(star)
        if first_plain:
            assert imports.resolve("relu") is None
        assert imports.resolve("relu", knows) == "torch.nn.functional.relu"
        assert imports.resolve("relu") is None
