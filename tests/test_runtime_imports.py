"""The agent runtime stands without torch, and server/ has no import cycles (lazy imports included)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SERVER = Path(__file__).resolve().parent.parent / "server"
SKILL_SAMPLES = Path(__file__).resolve().parent / "samples" / "skill"

# As a light install has it: importing torch fails and find_spec finds nothing.
_NO_TORCH = """
import sys
for name in ('torch', 'sentence_transformers', 'transformers'):
    sys.modules[name] = None
"""


def _module_imports(path: Path) -> set[str]:
    """Sibling modules of server/ that ``path`` imports, at any depth (function bodies too)."""
    package = path.relative_to(SERVER).parent.parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1]
            target = ".".join((*base, node.module)) if node.module else ".".join(base)
            names = [target] if node.module else [".".join((*base, a.name)) for a in node.names]
            found.update(name for name in names if name)
    return found


def test_server_modules_import_no_cycle():
    modules = {".".join(p.relative_to(SERVER).with_suffix("").parts).removesuffix(".__init__"): p
               for p in SERVER.rglob("*.py")}
    graph = {name: {i for i in _module_imports(path) if i in modules and i != name} for name, path in modules.items()}
    cycles = []

    def visit(node, stack):
        if node in stack:
            cycles.append(stack[stack.index(node):] + [node])
            return
        for nxt in graph[node]:
            if not any(node in c for c in cycles):
                visit(nxt, stack + [node])

    for name in graph:
        visit(name, [])
    # A package importing its own submodules (cli/__init__ registering commands) is how it is built, not a cycle.
    real = [c for c in cycles if not any(a.startswith(b + ".") or b.startswith(a + ".") for a, b in zip(c, c[1:]))]
    assert not real, real


def test_search_mcp_http_check_and_skill_work_without_torch(search_db, search_refs, tmp_path):
    script = _NO_TORCH + f"""
from torchpatch.server.search import SearchEngine
from torchpatch.server.models import SearchRequest
from torchpatch.server.mcp_server import build_mcp_server
from torchpatch.server.http_app import create_app
from torchpatch.server.skillpack import build_skill
from torchpatch.validators.checker import check_source
engine = SearchEngine({search_db!r}, __import__('pathlib').Path({str(search_refs)!r}))
hits = engine.search(SearchRequest(query='torch.load weights_only', k=2)).results
assert hits and hits[0].verification is not None
build_mcp_server(engine); create_app(engine)
assert check_source('import torch\\ntorch.export.export_for_training(m, args)\\n', '2.15')
build_skill({str(tmp_path / 'skill')!r}, {str(SKILL_SAMPLES / 'references')!r}, {str(SKILL_SAMPLES / 'source')!r})
assert sys.modules['torch'] is None
print('ok')
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), result.stderr[-3000:]


def test_lancedb_loads_without_its_rest_client_which_still_works_when_used():
    """The index imports lancedb without the REST client's API modules (a third of a cold search);
    the client's package is whole as soon as anything reads from it."""
    code = """
import sys
import torchpatch.server.index
loaded = [m for m in sys.modules if m.startswith('lance_namespace_urllib3_client.api.')]
assert not loaded, loaded
import lance_namespace_urllib3_client as client
assert client.ApiClient.__name__ == 'ApiClient' and client.__version__
from lance_namespace_urllib3_client import TableApi
assert 'lance_namespace_urllib3_client.api.table_api' in sys.modules
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]


def test_deferring_a_package_that_is_already_imported_or_missing_changes_nothing():
    from torchpatch.server.deferred_imports import defer_package_init

    before = sys.modules["json"]
    defer_package_init("json")
    defer_package_init("no_such_package_here")
    assert sys.modules["json"] is before and "no_such_package_here" not in sys.modules
