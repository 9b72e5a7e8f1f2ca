"""Methods and class attributes of torch classes that older builds had and the target build lacks.

Code written for an older torch subclasses its classes and calls what they offered then: a warm-up schedule built
on ``OneCycleLR`` calls ``self._format_param(...)`` (a module function since 2.2), a trainer asks its
``ReduceLROnPlateau`` ``scheduler.is_better(a, best)`` (``_is_better`` now), a scheduler subclass calls
``self.print_lr(...)``. On the target these raise AttributeError. gone-names.json covers module-level names; this
covers the members of the classes in the packages projects subclass (:data:`PACKAGES`).

Each build is read from its wheel, never imported: for every class, the methods and class-level assignments it
defines and, through its bases (resolved by name within the packages read), those it inherits. A member some build
had is *gone* when the target's class (imported in the target's interpreter, ``--python``) lacks it, and no class
of its MRO assigns it on the instance (``self.x = ...`` in the target's source: an attribute moved into
``__init__`` is still there on every instance). The probe also lists the other names the target binds to each such
class (``torch.optim.lr_scheduler.OneCycleLR`` for its defining module's name), as the checker resolves names.

The result ships as ``validators/checker/gone-members.json`` (class -> member -> the last build read that had it);
the checker's gonemembers.py reads it. Regenerate with the builds' wheels (small macOS ones serve; see
name_index.py)::

    python -m torchpatch.validators.radar.gone_members 1.0=W/torch-1.0.0-...whl ... 2.10=W/torch-2.10.0-...whl \\
        --python .venv/bin/python --out validators/checker/gone-members.json
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path

from ..markdown import Version
from ..parsing import parse_python

FORMAT = 1
# the packages whose classes projects subclass or hold instances of
PACKAGES = ("torch/nn/", "torch/optim/", "torch/utils/data/", "torch/autograd/", "torch/distributions/",
            "torch/cuda/amp/", "torch/amp/", "torch/utils/tensorboard/", "torch/utils/checkpoint.py")
# internals no project subclasses, whose generic member names (batch, filter, source, shuffle) would only cost a look
# at every file that spells them; and the DataLoader iterators, whose next() has its own rule
SKIPPED = ("torch/utils/data/datapipes/", "torch/utils/data/_utils/", "torch/nn/quantized/", "torch/nn/intrinsic/",
           "torch/nn/qat/", "torch/nn/quantizable/", "torch/utils/data/dataloader.py")


def read_build(wheel: Path) -> dict[str, tuple[set[str], list[str]]]:
    """Class (module.Class) -> (the members it defines, its bases as written) of one build's wheel."""
    classes: dict[str, tuple[set[str], list[str]]] = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if not name.endswith(".py") or not name.startswith(PACKAGES) or name.startswith(SKIPPED):
                continue
            module = name[:-3].replace("/", ".").removesuffix(".__init__")
            try:
                tree = parse_python(archive.read(name).decode("utf-8", "replace"))
            except (SyntaxError, ValueError):
                continue
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    classes[f"{module}.{node.name}"] = (_own_members(node), [_base_name(base) for base in node.bases])
    return classes


def _own_members(node: ast.ClassDef) -> set[str]:
    """Methods and class-level assignments (with a value: an annotation alone declares an instance attribute)."""
    found = set()
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.add(item.name)
        elif isinstance(item, ast.Assign):
            found.update(target.id for target in item.targets if isinstance(target, ast.Name))
        elif isinstance(item, ast.AnnAssign) and item.value is not None and isinstance(item.target, ast.Name):
            found.add(item.target.id)
    return {name for name in found if not (name.startswith("__") and name.endswith("__"))}


def _base_name(base: ast.expr) -> str:
    while isinstance(base, ast.Subscript):  # Generic[T], Dataset[T_co]
        base = base.value
    return base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else ""


def inherited_members(classes: dict[str, tuple[set[str], list[str]]]) -> dict[str, set[str]]:
    """Each class's members with those of its bases, a base found by its name: in the class's own module first,
    else the one class of that name among the packages read (an ambiguous name is not followed)."""
    by_name: dict[str, list[str]] = {}
    for qualified in classes:
        by_name.setdefault(qualified.rsplit(".", 1)[1], []).append(qualified)
    done: dict[str, set[str]] = {}

    def members(qualified: str, seen: frozenset[str]) -> set[str]:
        if qualified in done:
            return done[qualified]
        own, bases = classes[qualified]
        found = set(own)
        module = qualified.rsplit(".", 1)[0]
        for base in bases:
            local = f"{module}.{base}"
            resolved = local if local in classes else (by_name[base][0] if len(by_name.get(base, ())) == 1 else None)
            if resolved is not None and resolved not in seen:
                found |= members(resolved, seen | {resolved})
        done[qualified] = found
        return found

    return {qualified: members(qualified, frozenset({qualified})) for qualified in classes}


# Run in the target's interpreter: which asked members its classes lack, and every name each class goes by.
_PROBE = r"""
import importlib, inspect, json, pkgutil, re, sys, warnings
warnings.simplefilter("ignore")
asked = json.load(sys.stdin)
import torch

def load(qualified):
    module, _, name = qualified.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except Exception:
        return None

def set_on_instance(cls, member):
    pattern = re.compile(r"self\.%s\s*[:=]" % re.escape(member))
    for klass in inspect.getmro(cls):
        try:
            if pattern.search(inspect.getsource(klass)):
                return True
        except (OSError, TypeError):
            continue
    return False

gone = {}
for qualified, members in asked.items():
    cls = load(qualified)
    if not inspect.isclass(cls):
        continue  # the class itself is gone: gone-names.json
    lacking = [m for m in members if not hasattr(cls, m) and not set_on_instance(cls, m)]
    if lacking:
        gone[qualified] = (cls, lacking)
names = {qualified: {qualified} for qualified in gone}
packages = [p for p in ("torch.nn", "torch.optim", "torch.utils.data", "torch.autograd", "torch.distributions",
                        "torch.cuda.amp", "torch.amp", "torch.utils.tensorboard") if p]
modules = set(packages)
for package in packages:
    try:
        root = importlib.import_module(package)
    except Exception:
        continue
    for info in pkgutil.walk_packages(getattr(root, "__path__", []), package + "."):
        if not any(part in info.name for part in (".testing", "._internal", ".datapipes", "quantiz", ".intrinsic",
                                                  ".qat")):
            modules.add(info.name)
for module_name in sorted(modules):
    try:
        module = importlib.import_module(module_name)
    except Exception:
        continue
    for attribute, value in list(vars(module).items()):
        for qualified, (cls, _) in gone.items():
            if value is cls:
                names[qualified].add(f"{module_name}.{attribute}")
json.dump({qualified: {"members": lacking, "names": sorted(names[qualified])}
           for qualified, (_, lacking) in gone.items()}, sys.stdout)
"""


def gone_members(builds: list[tuple[str, Path]], python: str) -> dict:
    """The JSON document: every name of a target class -> its gone members -> the last build read that had each."""
    last: dict[str, dict[str, str]] = {}  # class -> member -> last build having it
    for label, wheel in sorted(builds, key=lambda build: Version.parse(build[0])):
        for qualified, members in inherited_members(read_build(wheel)).items():
            for member in members:
                last.setdefault(qualified, {})[member] = label
    asked = {qualified: sorted(members) for qualified, members in last.items()}
    answer = json.loads(subprocess.run([python, "-c", _PROBE], input=json.dumps(asked), capture_output=True,
                                       text=True, check=True).stdout)
    classes = {}
    for qualified, found in answer.items():
        members = {member: last[qualified][member] for member in found["members"]}
        for name in found["names"]:
            classes[name] = members
    return {"format": FORMAT, "builds": [label for label, _ in builds], "classes": dict(sorted(classes.items()))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("builds", nargs="+", help="LABEL=WHEEL, one per older build (1.13=torch-1.13.1-...whl)")
    parser.add_argument("--python", required=True, help="the target build's interpreter")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    builds = [(label, Path(path)) for label, _, path in (build.partition("=") for build in args.builds)]
    document = gone_members(builds, args.python)
    args.out.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
    print(f"{len(document['classes'])} class names, "
          f"{sum(len(members) for members in document['classes'].values())} gone members", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
