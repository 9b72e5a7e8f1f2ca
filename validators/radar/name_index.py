"""A static index of the names each torch build's Python modules define, and what later builds lost.

For every ``.py`` module under ``torch/`` of a build (read from its wheel, never imported): the
top-level names it binds (defs, classes, assignments, imports, ``__all__``, ``global`` names that
functions assign, star-imports resolved within torch) and its child modules. A module is *dynamic*
when its names cannot be read off the source: a module ``__getattr__``, writes through ``globals()``,
``sys.modules`` tricks, ``exec``, or a star-import from something that is not a torch ``.py`` module
(``from torch._C import *``). ``torch._C``, ``torch.ops`` and ``torch.classes`` are left out: their names are made at run time.
``torch`` itself gets its names from what documents them (:func:`torch_surface`): the stubs' defs,
``_torch_docs.py``'s ``add_docstr(torch.X, ...)``, its ``__all__``, the public names ``__init__.py`` binds
itself and its child modules; a top-level name is only ever claimed gone after ``--verify`` found it missing on
the installed builds.

:func:`gone_names` compares the builds, oldest first: a module, or a name of a module that is not
dynamic in any later build, that the newest build lacks is *gone*, with the last build that had it and
the first build that did not. :func:`module_aliases` lists the newest build's modules that stand in for
another (``sys.modules[own] = other``). The result is small (qualified name -> "last first-missing") and ships
as ``validators/checker/gone-names.json``; the checker's ``torch-name-gone`` rule reads it.

Regenerate (old builds as small macOS wheels: the same ``.py`` files; 1.0-1.8 have only x86 ones, 2.12 only
manylinux ones, of which aarch64 is the smaller)::

    pip download torch==2.4.1 --no-deps --only-binary=:all: --platform macosx_11_0_arm64 --python-version 3.10 -d W
    python -m torchpatch.validators.radar.name_index 1.0=W/torch-1.0.0-...whl 1.4=... 1.7=... 1.8=W/torch-1.8.1-...whl \
        1.10=W/torch-1.10.2-...x86_64.whl 1.11=... 1.12=... 1.13=W/... \
        2.0=... 2.1=... ... 2.12=W/torch-2.12.1-...-manylinux_2_28_aarch64.whl 2.13=WHEEL 2.14=WHEEL \
        2.15=<site-packages holding the installed torch> \
        --verify 2.15=.venv/bin/python --verify 2.13=.venv-2.13/bin/python --cache /tmp/name-index \
        --out validators/checker/gone-names.json --surface-out validators/checker/torch-surface.json

(every minor release from 2.0 on: a name that lived only in a skipped build would be missed by both files).

``--verify`` imports each gone name's module in that installed build and drops what it does have
(a ``sys.modules`` alias, a lazily set attribute): the shipped file is checked against 2.15 and 2.13.
``--surface-out`` writes every module and name any build had (:func:`surface_of`; checker/surface.py),
with what ``dir()`` adds on the newest verified build.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from ..checker.surface import made_at_run_time
from ..markdown import Version

FORMAT = 2  # gone: qualified name -> "<last build that had it> <first build without it>"
# Writes to the module's own namespace that the source does not spell out (``sys.modules[other] = m`` in a
# function makes another module's alias: the installed builds' check catches those).
_DYNAMIC_TEXT = re.compile(r"globals\(\)\s*(\[|\.update|\.__setitem__|\.setdefault)|vars\(\)\s*\[|sys\.modules\[__name__\]"
                           r"|setattr\(\s*sys\.modules|^exec\(", re.MULTILINE)

# Public homes for gone private names that old code still imports: each is checked by the section's snippet
# (references/removed-and-legacy-calls.md) or is the same object under the public name on the target build.
HOMES = {
    "torch._six": "the standard library: (str, bytes), int, collections.abc, math.inf, math.nan",
    "torch._six.string_classes": "(str, bytes)",
    "torch._six.int_classes": "int",
    "torch._six.container_abcs": "collections.abc",
    "torch._six.inf": "math.inf",
    "torch._six.nan": "math.nan",
    "torch._six.with_metaclass": "class C(Base, metaclass=Meta)",
    "torch._utils._accumulate": "itertools.accumulate",
    # 2.4's torch/__init__.py re-exported these from typing; the same objects live on there
    **{f"torch.{name}": f"typing.{name}" for name in ("Any", "Callable", "Dict", "List", "Optional", "Set", "Tuple",
                                                      "Union")},
}


@dataclass
class ModuleNames:
    names: set[str] = field(default_factory=set)
    dynamic: bool = False
    stars: list[str] = field(default_factory=list)  # modules this one star-imports
    exports: set[str] | None = None  # its __all__, which is what a star-import of it brings (private names too)


# --- reading one build ------------------------------------------------------------------------------

def build_sources(source: str | Path) -> Iterator[tuple[str, str]]:
    """(path relative to site-packages, text) of every ``torch/**.py`` in a wheel or an installed tree."""
    source = Path(source)
    if source.suffix == ".whl":
        with zipfile.ZipFile(source) as wheel:
            for name in wheel.namelist():
                if name.startswith("torch/") and name.endswith(".py"):
                    yield name, wheel.read(name).decode("utf-8", errors="replace")
        return
    root = source / "torch" if (source / "torch").is_dir() else source
    for path in sorted(root.rglob("*.py")):
        yield "torch/" + path.relative_to(root).as_posix(), path.read_text(encoding="utf-8", errors="replace")


def module_of(path: str) -> tuple[str, bool]:
    """``torch/a/b.py`` -> (``torch.a.b``, False); ``torch/a/__init__.py`` -> (``torch.a``, True)."""
    parts = path[:-3].split("/")
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


def is_left_out(module: str) -> bool:
    """torch itself (its names are documented, see torch_surface) and modules made at run time."""
    return module == "torch" or made_at_run_time(module)


def index_build(sources: Iterable[tuple[str, str]]) -> dict[str, ModuleNames]:
    """module -> its names, for one build; star-imports resolved, child modules counted as names."""
    return resolve_build(scan_build(sources))


def scan_build(sources: Iterable[tuple[str, str]]) -> dict[str, ModuleNames]:
    """What each module's own source says (the slow part: every file is parsed)."""
    index: dict[str, ModuleNames] = {}
    packages: set[str] = set()
    for path, text in sources:
        module, package = module_of(path)
        if package:
            packages.add(module)
        for depth in range(2, module.count(".") + 1):  # a folder of modules is importable even without __init__
            packages.add(module.rsplit(".", depth - 1)[0])
        index[module] = _scan(text, module, package)
    for module in packages:
        index.setdefault(module, ModuleNames())
    return index


def resolve_build(index: dict[str, ModuleNames]) -> dict[str, ModuleNames]:
    """Child modules become names of their package; star-imports bring their module's exports."""
    index = {m: ModuleNames(set(e.names), e.dynamic, list(e.stars), e.exports) for m, e in index.items()}
    for module in list(index):
        parent, _, child = module.rpartition(".")
        if parent in index:
            index[parent].names.add(child)
    _resolve_stars(index)
    return {m: entry for m, entry in index.items() if not is_left_out(m)}


def _scan(text: str, module: str, package: bool) -> ModuleNames:
    entry = ModuleNames()
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        entry.dynamic = True  # unreadable here: claim nothing about it
        return entry
    entry.dynamic = bool(_DYNAMIC_TEXT.search(text))
    for node in _top_level(tree.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            entry.names.add(node.name)
            entry.dynamic |= node.name == "__getattr__"
        elif isinstance(node, ast.Import):
            entry.names.update(a.asname or a.name.partition(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name == "*":
                    entry.stars.append(_absolute(node, module, package))
                else:
                    entry.names.add(alias.asname or alias.name)
        elif isinstance(node, ast.TypeAlias if hasattr(ast, "TypeAlias") else ()):
            entry.names.add(node.name.id)
        else:
            for target in _targets(node):
                entry.names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        exported = _all_entries(node)
        if exported:
            entry.names.update(exported)
            entry.exports = (entry.exports or set()) | exported
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):  # def init(): global _lib; _lib = ...
            entry.names.update(node.names)
        elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            entry.names.add(node.target.id)
    return entry


def _top_level(body: list) -> Iterator[ast.stmt]:
    """Module statements, entering if/try/with/for/while/match blocks but not functions or classes."""
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for name in ("body", "orelse", "finalbody"):
            yield from _top_level(getattr(node, name, None) or [])
        for handler in getattr(node, "handlers", None) or []:
            if handler.name:
                yield ast.Assign(targets=[ast.Name(handler.name)], value=ast.Constant(None))
            yield from _top_level(handler.body)
        for case in getattr(node, "cases", None) or []:
            yield from _top_level(case.body)


def _targets(node: ast.stmt) -> list[ast.AST]:
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        return [node.target]
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return [node.target]
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return [item.optional_vars for item in node.items if item.optional_vars is not None]
    return []


def _all_entries(node: ast.stmt) -> set[str]:
    """Strings of ``__all__ = [...]``, ``__all__ += [...]`` and ``__all__.extend([...])``."""
    value = None
    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
        value = node.value
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name) and node.target.id == "__all__":
        value = node.value
    elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute)
          and isinstance(node.value.func.value, ast.Name) and node.value.func.value.id == "__all__" and node.value.args):
        value = node.value.args[0]
    if value is None:
        return set()
    return {n.value for n in ast.walk(value) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _absolute(node: ast.ImportFrom, module: str, package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _resolve_stars(index: dict[str, ModuleNames]) -> None:
    """``from torch.x import *`` brings x's ``__all__`` (or its public names); from anything else: dynamic. A dynamic
    x still brings the names its source shows (1.13's torch.testing star-imported ``make_non_contiguous`` from a
    ``_deprecated`` module that also writes ``globals()``), and makes the importer dynamic: its names are real, their
    list incomplete (the newest build's dynamic modules are never claimed to have lost a name)."""
    exported: dict[str, tuple[set[str], bool] | None] = {}

    def exports(module: str, seen: frozenset) -> tuple[set[str], bool] | None:
        """The names ``module`` exports and whether that list is complete; None where nothing is known."""
        if module in exported:
            return exported[module]
        entry = index.get(module)
        if entry is None or is_left_out(module) or module in seen:
            return None
        names, complete = set(entry.names), not entry.dynamic
        for star in entry.stars:
            more = exports(star, seen | {module})
            if more is None:
                complete = False
            else:
                names |= more[0]
                complete = complete and more[1]
        names = entry.exports if entry.exports is not None else {n for n in names if not n.startswith("_")}
        exported[module] = names, complete
        return exported[module]

    for module, entry in index.items():
        for star in entry.stars:
            more = exports(star, frozenset({module}))
            if more is None or not more[1]:
                entry.dynamic = True
            if more is not None:
                entry.names |= more[0]


_SURFACE_FILES = ("torch/__init__.pyi", "torch/_C/_VariableFunctions.pyi", "torch/_torch_docs.py", "torch/__init__.py")
_DOCUMENTED = re.compile(r"add_docstr\(\s*torch\.(\w+)\s*,")  # torch/_torch_docs.py documents each C function


def torch_surface(source: str | Path) -> set[str]:
    """``torch``'s own top-level names that a build documents: its ``__init__.pyi`` / ``_VariableFunctions.pyi``
    defs and classes, the functions ``_torch_docs.py`` documents, and ``torch/__init__.py``'s ``__all__``.

    Most of them are made in C at run time, so the source cannot prove a name absent: the caller must
    check a gone top-level name on installed builds (``--verify``) before claiming it.
    """
    texts = dict(_read_some(Path(source), _SURFACE_FILES))
    names: set[str] = set()
    for stub in _SURFACE_FILES[:2]:
        try:
            tree = ast.parse(texts.get(stub, ""))
        except (SyntaxError, ValueError):
            continue
        names.update(n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)))
    names.update(_DOCUMENTED.findall(texts.get("torch/_torch_docs.py", "")))
    init = _scan(texts.get("torch/__init__.py", ""), "torch", True)
    names.update(init.exports or ())
    return {n for n in names if not n.startswith("__")}


def _read_some(source: Path, wanted: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    if source.suffix == ".whl":
        with zipfile.ZipFile(source) as wheel:
            present = set(wheel.namelist())
            for name in wanted:
                if name in present:
                    yield name, wheel.read(name).decode("utf-8", errors="replace")
        return
    root = source / "torch" if (source / "torch").is_dir() else source
    for name in wanted:
        path = root / name.removeprefix("torch/")
        if path.is_file():
            yield name, path.read_text(encoding="utf-8", errors="replace")


def cached_index(source: str, cache: str | None) -> dict[str, ModuleNames]:
    """A build's index, ``torch``'s documented surface included (see :func:`with_torch_surface`);
    the scan (not the resolution) is kept in ``cache`` when given. Config modules count as plain
    modules (:func:`build_facts`): their names are their options."""
    configs = set(cached_facts(source, cache)["configs"])
    scanned = _scanned_modules(source, cache, configs)
    # the modules torch/__init__.py star-imports (``from .functional import *``), as its own scan found them
    init = scanned.get("torch")
    stars, own = (init.stars, init.names) if init is not None else ((), set())
    return with_torch_surface(resolve_build(scanned), torch_surface(source), stars, own)


def with_torch_surface(index: dict[str, ModuleNames], surface: set[str],
                       stars: Iterable[str] = (), own: Iterable[str] = ()) -> dict[str, ModuleNames]:
    """``torch`` as a module whose names are its documented surface, what its ``__init__`` star-imports from
    torch's own ``.py`` modules (1.0's ``from .functional import *`` made ``torch.potrf`` and ``torch.btrifact``,
    which no stub or docstring names), the public names its ``__init__`` binds itself (2.0's
    ``from typing import Callable, Optional`` made ``torch.Callable``, which later builds import under a private
    name) and its child modules."""
    children = {m.split(".")[1] for m in index if m.count(".") >= 1}
    public = {n for n in own if not n.startswith("_")}
    starred: set[str] = set()
    for star in stars:
        entry = index.get(star)
        if entry is not None and not entry.dynamic:
            starred |= entry.exports if entry.exports is not None else {n for n in entry.names if not n.startswith("_")}
    return {**index, "torch": ModuleNames(surface | starred | public | children)}


def _scanned_modules(source: str, cache: str | None, configs: set[str] = frozenset()) -> dict[str, ModuleNames]:
    """What scan_build reads of each module of the build (kept in ``cache`` when given), not yet resolved."""
    raw = _cached_json(source, cache, ".scan.json", lambda: {
        m: [sorted(e.names), e.dynamic, e.stars, None if e.exports is None else sorted(e.exports)]
        for m, e in scan_build(build_sources(source)).items()})
    scanned = {m: ModuleNames(set(names), dynamic, stars, None if exports is None else set(exports))
               for m, (names, dynamic, stars, exports) in raw.items()}
    for module in configs & scanned.keys():  # `if TYPE_CHECKING: from torch.utils._config_typing import *` binds nothing
        scanned[module].dynamic = False
        scanned[module].stars = [star for star in scanned[module].stars if star in scanned]
    return scanned


_CONFIG_INSTALL = "install_config_module(sys.modules[__name__])"
_MODULE_READ = re.compile(r"^\s*\w+\s*=\s*sys\.modules\[__name__\]\s*$", re.MULTILINE)  # m = sys.modules[__name__]: a read
# Device builds bind names of their own in torch._C (an XPU or MPS build): the installed builds cannot say them gone.
_DEVICE_ONLY = re.compile(r"xpu|mps|mtia|rocm|hip|npu|hpu|vulkan|metal|privateuse", re.IGNORECASE)


def build_facts(source: str | Path) -> dict[str, list[str]]:
    """What the plain scan does not say about a build, from the same sources:

    ``configs``: config modules (``install_config_module(sys.modules[__name__])``, torch._dynamo.config and
    the like): their options are plain module-level assignments, and reading or setting one they lack raises
    AttributeError, so they are not dynamic unless something else in them is;
    ``extensions``: compiled modules (``torch._C_flatbuffer``): importable, though no ``.py`` file says so;
    ``c_names``: ``torch._C`` names (``torch._C._update_worker_pids``) that a module imports at its top level,
    outside any if/try: the build's extension must have had them, or importing that module failed everywhere.
    """
    configs, c_names = [], set()
    extensions = sorted({".".join(name.split("/")[:-1] + [name.split("/")[-1].split(".")[0]])
                         for name in _file_names(source) if name.endswith((".so", ".pyd"))})
    for path, text in build_sources(source):
        module, package = module_of(path)
        if _CONFIG_INSTALL in text and not _DYNAMIC_TEXT.search(_MODULE_READ.sub("", text.replace(_CONFIG_INSTALL, ""))):
            configs.append(module)
        if "_C import" not in text:
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:  # top level only: a guarded import proves nothing
            if isinstance(node, ast.ImportFrom) and node.names[0].name != "*":
                origin = _absolute(node, module, package)
                if origin == "torch._C" or origin.startswith("torch._C."):
                    c_names.update(f"{origin}.{a.name}" for a in node.names if not _DEVICE_ONLY.search(a.name))
    return {"configs": sorted(configs), "c_names": sorted(c_names), "extensions": extensions}


def _file_names(source: str | Path) -> list[str]:
    """Every file of ``torch/`` in a wheel or an installed tree, relative to site-packages."""
    source = Path(source)
    if source.suffix == ".whl":
        with zipfile.ZipFile(source) as wheel:
            return [name for name in wheel.namelist() if name.startswith("torch/")]
    root = source / "torch" if (source / "torch").is_dir() else source
    return ["torch/" + path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()]


def cached_facts(source: str, cache: str | None) -> dict[str, list[str]]:
    return _cached_json(source, cache, ".facts.json", lambda: build_facts(source))


def _cached_json(source: str, cache: str | None, suffix: str, compute):
    """``compute()`` (plain JSON data about the build ``source``), kept as ``<cache>/<source name><suffix>`` when a
    cache folder is given: a build's scan takes minutes and never changes."""
    path = Path(cache) / (Path(source).name + suffix) if cache else None
    if path is not None and path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    data = compute()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
    return data


_SELF_ALIAS = re.compile(r"""sys\.modules\[\s*["'](torch[\w.]*)["']\s*\]\s*=\s*\(?\s*(torch(?:\.\w+)+)\s*\)?\s*$""",
                         re.MULTILINE)


def module_aliases(source: str | Path) -> dict[str, str]:
    """Modules of a build that put another torch module in their own place (``sys.modules[own name] =
    torch.distributed.checkpoint``): importing the old path gives the other module, so every name under
    it is the other module's name (the checker resolves calls through the old path to the new one's rules)."""
    aliases = {}
    for path, text in build_sources(source):
        if "sys.modules[" not in text:
            continue
        module = module_of(path)[0]
        for own, other in _SELF_ALIAS.findall(text):
            if own == module and other != module:
                aliases[own] = other
    return aliases


# --- comparing builds -------------------------------------------------------------------------------

def gone_names(builds: list[tuple[Version, dict[str, ModuleNames]]]) -> dict[str, list[str]]:
    """qualified name -> [last build that had it, first build without it], for what the newest build lacks.

    A name of a module is counted only while the module is in the newer builds and not dynamic in
    any of them; a name that comes back later is not gone. Names that went with their module are not
    listed (the module's entry covers them); one that went earlier keeps its own entry.
    """
    builds = sorted(builds, key=lambda b: b[0].sort_key)
    labels = [f"{v.major}.{v.minor}" for v, _ in builds]
    gone: dict[str, list[str]] = {}
    for i, (_, index) in enumerate(builds[:-1]):
        later = [idx for _, idx in builds[i + 1:]]
        for module, entry in index.items():
            parent, _, child = module.rpartition(".")
            if all(module not in idx and not (parent in idx and child in idx[parent].names) for idx in later):
                gone[module] = [labels[i], labels[i + 1]]
                continue
            if any(module not in idx or idx[module].dynamic for idx in later):
                continue  # missing for a while and back, or unknowable: claim nothing
            for name in entry.names:
                if not name.startswith("__") and all(name not in idx[module].names for idx in later):
                    gone[f"{module}.{name}"] = [labels[i], labels[i + 1]]
    # a module's entry covers what was under it when it went; a name that went earlier keeps its own entry
    order = {label: n for n, label in enumerate(labels)}
    covered = set()
    for qualified in gone:
        parent = qualified.rsplit(".", 1)[0]
        while parent.count("."):
            if parent in gone and order[gone[parent][1]] <= order[gone[qualified][1]]:
                covered.add(qualified)
                break
            parent = parent.rsplit(".", 1)[0]
    return {q: gone[q] for q in sorted(gone) if q not in covered}


# --- checking against installed builds --------------------------------------------------------------

_PROBE = r"""
import importlib, json, sys, warnings
warnings.simplefilter("ignore")
names = json.load(sys.stdin)
present = []
for qualified in names:
    module, _, leaf = qualified.rpartition(".")
    try:
        importlib.import_module(qualified)
        present.append(qualified)
        continue
    except Exception:
        pass
    try:
        if hasattr(importlib.import_module(module), leaf):
            present.append(qualified)
    except Exception:
        pass  # the parent does not import here either: the static verdict stands
json.dump(present, sys.stdout)
"""


def present_on(python: str, names: list[str], timeout: float = 1200) -> set[str]:
    """The names an installed build does have (imported in a child process of that build's Python)."""
    done = subprocess.run([python, "-c", _PROBE], input=json.dumps(names), capture_output=True, text=True,
                          timeout=timeout, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


_ABSENT_PROBE = r"""
import importlib, json, sys, warnings
warnings.simplefilter("ignore")
import torch
absent = []
for qualified in json.load(sys.stdin):
    parts = qualified.split(".")
    try:
        owner = importlib.import_module(".".join(parts[:-1]))
    except Exception:
        try:  # torch._C's own submodules are attributes, not always importable by name
            owner = torch
            for part in parts[1:-1]:
                owner = getattr(owner, part)
        except Exception:
            continue  # the owner is not there either: say nothing
    if not hasattr(owner, parts[-1]):
        absent.append(qualified)
json.dump(absent, sys.stdout)
"""


def absent_on(python: str, names: list[str], timeout: float = 1200) -> set[str]:
    """The names an installed build surely lacks: their owner imports there and has no such attribute."""
    done = subprocess.run([python, "-c", _ABSENT_PROBE], input=json.dumps(names), capture_output=True, text=True,
                          timeout=timeout, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def gone_c_names(facts: list[tuple[Version, dict]], verified: list[tuple[Version, str]]) -> dict[str, list[str]]:
    """``torch._C`` names an older build's Python imported at its top level (:func:`build_facts`) that the
    installed builds lack. The extension's names cannot be read off a wheel (its stubs miss some 200 names
    ``dir(torch._C)`` has on 2.15), so a name counts as missing only from the oldest installed build that,
    like every newer installed one, lacks it: [last build whose Python imported it, that build]."""
    if not verified:
        return {}
    facts = sorted(facts, key=lambda f: f[0].sort_key)
    label = lambda v: f"{v.major}.{v.minor}"  # noqa: E731
    last_seen = {name: label(version) for version, data in facts for name in data["c_names"]}
    candidates = sorted(set(last_seen) - set(facts[-1][1]["c_names"]))
    verified = sorted(verified, key=lambda v: v[0].sort_key)
    missing = {version.sort_key: absent_on(python, candidates) for version, python in verified}
    gone = {}
    for name in candidates:
        first = None
        for version, _ in reversed(verified):  # newest first: missing there and in every newer one
            if name not in missing[version.sort_key]:
                break
            first = version
        if first is not None and Version.parse(last_seen[name]).sort_key < first.sort_key:
            gone[name] = [last_seen[name], label(first)]
    return gone


_SURFACE_PROBE = r"""
import importlib, json, sys, warnings
warnings.simplefilter("ignore")
import torch
extra, failed = {}, []
for module, names in json.load(sys.stdin).items():
    try:
        found = set(dir(importlib.import_module(module)))
    except BaseException:
        failed.append(module)
        continue
    more = sorted(found - set(names))
    if more:
        extra[module] = more
made = sorted(m for m in list(sys.modules) if m.startswith("torch."))
json.dump({"extra": extra, "failed": failed, "modules": made}, sys.stdout)
"""


def surface_of(builds: list[tuple[Version, dict[str, ModuleNames]]], python: str | None,
               aliases: dict[str, str], extensions: Iterable[str] = (), chunk: int = 300) -> dict[str, str]:
    """Every torch module any indexed build has, with every name it ever bound: module -> names joined by
    spaces, or "*" where some build's module is dynamic (its names cannot be read off the source).

    A torch submodule missing here was in no build (ModuleNotFoundError on every one), and a name missing
    from a plain module's list was bound in none (ImportError on ``from M import name``). With ``python``
    (the newest installed build) every plain module is imported there too: what its ``dir()`` has besides
    the source's names (set from elsewhere) joins its list, modules made at run time join the modules, and
    a module that does not import there (or a batch that crashed) is left dynamic."""
    names: dict[str, set[str]] = {module: set() for module in (*aliases, *extensions)}
    dynamic = set(names)  # an alias or a compiled module: its names are not in any source
    for _, index in builds:
        for module, entry in index.items():
            names.setdefault(module, set()).update(entry.names)
            if entry.dynamic or module == "torch":  # torch's own top level comes from C
                dynamic.add(module)
    if python is not None:
        plain = sorted(m for m in names if m not in dynamic)
        for start in range(0, len(plain), chunk):
            batch = {m: sorted(names[m]) for m in plain[start:start + chunk]}
            try:
                done = subprocess.run([python, "-c", _SURFACE_PROBE], input=json.dumps(batch), capture_output=True,
                                      text=True, timeout=600)
                found = json.loads(done.stdout.strip().splitlines()[-1])
            except (subprocess.TimeoutExpired, ValueError, IndexError):
                dynamic.update(batch)
                continue
            for module, more in found["extra"].items():
                names[module].update(more)
            dynamic.update(found["failed"])
            for module in found["modules"]:  # made at run time: there, with names nobody listed
                if module not in names:
                    names[module] = set()
                    dynamic.add(module)
    return {m: "*" if m in dynamic else " ".join(sorted(n for n in names[m] if not n.startswith("__")))
            for m in sorted(names)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("builds", nargs="+", help="VERSION=WHEEL_OR_SITE_PACKAGES, one per build")
    parser.add_argument("--verify", action="append", default=[], help="VERSION=PYTHON of an installed build")
    parser.add_argument("--out", required=True)
    parser.add_argument("--cache", help="a folder keeping each build's index (scanning one takes minutes)")
    parser.add_argument("--surface-out", help="where to write every module and name any build had (torch-surface.json)")
    args = parser.parse_args(argv)
    builds, facts = [], []
    for spec in args.builds:
        version, _, source = spec.partition("=")
        index = cached_index(source, args.cache)
        print(f"{version}: {len(index)} modules, {sum(e.dynamic for e in index.values())} dynamic", file=sys.stderr)
        builds.append((Version.parse(version), index))
        facts.append((Version.parse(version), cached_facts(source, args.cache)))
    gone = gone_names(builds)
    if not args.verify:  # torch's top level is made at run time: its names need an installed build's word
        modules = {m for _, index in builds for m in index}
        gone = {q: g for q, g in gone.items() if q.count(".") > 1 or q in modules}
    for spec in args.verify:
        version, _, python = spec.partition("=")
        target = Version.parse(version)
        asked = [q for q, (_, first) in gone.items() if Version.parse(first).sort_key <= target.sort_key]
        present = present_on(python, asked)
        print(f"{version}: {len(present)} of {len(asked)} present after all (dropped)", file=sys.stderr)
        for qualified in present:
            gone.pop(qualified, None)
    verified = [(Version.parse(v), python) for v, _, python in (spec.partition("=") for spec in args.verify)]
    c_gone = gone_c_names(facts, verified)
    print(f"{len(c_gone)} torch._C names gone", file=sys.stderr)
    gone.update(c_gone)
    labels = sorted({f"{v.major}.{v.minor}" for v, _ in builds}, key=lambda s: Version.parse(s).sort_key)
    newest = max(args.builds, key=lambda spec: Version.parse(spec.partition("=")[0]).sort_key).partition("=")[2]
    data = {"format": FORMAT, "builds": labels, "verified_on": [s.partition("=")[0] for s in args.verify],
            "homes": {q: h for q, h in HOMES.items() if q in gone or q.rsplit(".", 1)[0] in gone},
            "gone": {q: f"{last} {first}" for q, (last, first) in gone.items()},
            "aliases": module_aliases(newest)}  # one string: faster to read
    Path(args.out).write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    if args.surface_out:
        newest_python = max(verified, key=lambda v: v[0].sort_key)[1] if verified else None
        extensions = {m for _, f in facts for m in f.get("extensions", ())}
        surface = surface_of(builds, newest_python, data["aliases"], extensions)
        Path(args.surface_out).write_text(json.dumps({"format": 1, "builds": labels, "modules": surface}, indent=0,
                                                     sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(surface)} modules -> {args.surface_out}", file=sys.stderr)
    print(f"{len(gone)} gone names -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
