"""The other names a torch build gives the very objects the checker's rules name.

``torch.jit._fork is torch.jit.fork`` on 2.15: code that calls ``torch.jit._fork(...)`` gets the same
FutureWarning as ``torch.jit.fork(...)``, yet a rule that lists only the public name never sees it. The same
holds for a defining module (``torch.jit._async.fork``, ``torch.nn.modules.loss.MSELoss``), a re-export in
another module (``torch.serialization.load``) or an old module path that still imports the object
(``torch.quantization.quantize.prepare``).

For every API of a rule whose finding follows the object (kinds in :data:`ALIAS_KINDS`), the probe, run in
the target build's interpreter, imports every ``torch`` module that imports cleanly on CPU and lists the
module-level names bound to that identical object (``is``). It leaves out:

- an API the target makes through a module ``__getattr__`` (not in its module's namespace): such a hook is
  often the deprecation of the *name*, whose object's other names are its new homes;
- a module or class attribute API is aliased through its class (``torch.nn.Parameter.__torch_function__``
  through the classes ``torch.nn.Parameter`` is), never through the member object itself;
- an alias that is also a module's name (a name rule would cover the whole module), one its module's source
  does not bind at top level by a def, class, import or assignment (a loop variable left behind), and one in
  ``torch.testing._internal``.

The result ships as ``validators/checker/object-aliases.json`` (API -> its aliases; ``asked``: every API
asked, so a test sees when the rules changed); the checker's rule loader (checker/objectaliases.py) decides
per rule which aliases apply. Regenerate after changing the rules::

    .venv/bin/python -m torchpatch.validators.radar.object_aliases --python .venv/bin/python \\
        --out validators/checker/object-aliases.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Iterable

from ..checker.objectaliases import ALIAS_KINDS

FORMAT = 1

_PROBE = r"""
import ast, contextlib, importlib, inspect, io, json, pkgutil, sys, types, warnings
warnings.simplefilter("ignore")
asked = json.load(sys.stdin)
sys.argv = [sys.argv[0]]  # a module that parses arguments at import sees none
import torch

def resolve(dotted):
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                value = importlib.import_module(".".join(parts[:cut]))
        except BaseException:
            continue
        owner = None
        try:
            for part in parts[cut:]:
                owner, value = value, getattr(value, part)
        except BaseException:
            return None, None
        return owner, value
    return None, None

def related(module):
    # the module itself or a package above it: where a name for the object is looked for
    return {module} | {module.rsplit(".", n)[0] for n in range(1, module.count(".") + 1)}

targets = {}  # api -> (object whose names are looked for, member appended to each alias or "", modules kept)
for api in asked:
    owner, value = resolve(api)
    if owner is None or isinstance(value, types.ModuleType):
        continue
    parent, _, leaf = api.rpartition(".")
    if isinstance(owner, types.ModuleType):
        if leaf not in vars(owner):  # made by a module __getattr__: the name, not the object, is the point
            continue
        if inspect.isclass(value) or callable(value):
            home = getattr(value, "__module__", None) or ""
            targets[api] = (value, "", related(parent) | (related(home) if home.startswith("torch") else set()))
    elif inspect.isclass(owner) and api.count(".") >= 2:
        home = getattr(owner, "__module__", None) or ""
        modules = related(parent.rpartition(".")[0]) | (related(home) if home.startswith("torch") else set())
        targets[api] = (owner, "." + leaf, modules)

names = sorted(m.name for m in pkgutil.walk_packages(torch.__path__, "torch.", onerror=lambda name: None))
for name in names:
    if name.startswith("torch.testing._internal") or name.rpartition(".")[2] == "__main__":
        continue
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            importlib.import_module(name)
    except BaseException:
        pass

def top_level_bindings(module):
    path = getattr(module, "__file__", None) or ""
    if not path.endswith(".py"):
        return None  # an extension module: all its names are its own
    try:
        tree = ast.parse(open(path, encoding="utf-8").read())
    except (OSError, SyntaxError, ValueError):
        return None
    bound, todo = set(), list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).partition(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        bound.add(sub.id)
        elif isinstance(node, (ast.If, ast.Try, ast.With)) or type(node).__name__ == "TryStar":
            for field in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(node, field, ()):
                    todo.extend(child.body if isinstance(child, ast.ExceptHandler) else [child])
    return bound

wanted = {}
for api, (value, _, _) in targets.items():
    wanted.setdefault(id(value), []).append(api)
modules = {name: module for name, module in sys.modules.items()
           if (name == "torch" or name.startswith("torch.")) and isinstance(module, types.ModuleType)
           and not name.startswith("torch.testing._internal")}
found = {api: set() for api in targets}
for name in sorted(modules):
    try:
        items = list(vars(modules[name]).items())
    except Exception:
        continue
    bindings = unread = object()
    for attr, value in items:
        apis = wanted.get(id(value))
        if not apis:
            continue
        qualified = f"{name}.{attr}"
        if qualified in modules:
            continue
        if bindings is unread:
            bindings = top_level_bindings(modules[name])
        if bindings is not None and attr not in bindings:
            continue
        for api in apis:
            if targets[api][0] is value and name in targets[api][2]:
                found[api].add(qualified + targets[api][1])
result = {api: sorted(names - {api}) for api, names in found.items() if names - {api}}
print(json.dumps({"build": torch.__version__.split("+")[0], "aliases": result}))
"""


def asked_apis(rules: Iterable) -> list[str]:
    """The APIs the probe is asked about: those of every rule of an :data:`ALIAS_KINDS` kind."""
    return sorted({api for rule in rules if rule.kind in ALIAS_KINDS for api in rule.apis if api.startswith("torch.")})


def probe(python: str, apis: list[str], timeout: float = 1800) -> dict:
    """{"build": version, "aliases": {api: [alias, ...]}} from the build behind ``python``."""
    done = subprocess.run([python, "-c", _PROBE], input=json.dumps(apis), capture_output=True, text=True,
                          timeout=timeout)
    if done.returncode:
        raise RuntimeError(f"the probe failed in {python}:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    from ..checker.ruleset import default_references_dir, load_rules

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the target build")
    parser.add_argument("--references", default=None, help="the references folder (default: the shipped one)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    rules = load_rules(args.references or default_references_dir(), object_aliases=False).rules
    asked = asked_apis(rules)
    found = probe(args.python, asked)
    data = {"format": FORMAT, "build": found["build"], "asked": asked, "aliases": found["aliases"]}
    Path(args.out).write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found['aliases'])} of {len(asked)} APIs have other names -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
