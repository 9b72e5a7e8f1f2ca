"""Sweep a torch build's own source for deprecation and removal messages, and merge the review.

Usage (any interpreter with torch installed; the script imports nothing from torch or torchpatch):

    .venv/bin/python bench/deprecation_sweep.py                    # the venv's torch -> bench/deprecations/
    .venv/bin/python bench/deprecation_sweep.py --torch DIR --build 2.16.0

What it finds, per public module of the issue's list (torch, nn, optim, utils.data, distributed, ...):

- ``warnings.warn(msg, Category)`` (and ``warn``/``_warn_once``-style helpers whose name ends in
  ``warn``) whose category is a deprecation category, or whose text says deprecated / no longer /
  will be removed / has been removed; ``log.warning("... is deprecated ...")`` too (torch's
  ``_library`` renames warn through logging, not ``warnings``);
- ``@deprecated("...")`` decorators (``typing_extensions.deprecated``) and ``_deprecated`` helpers;
- ``raise X("...")`` whose text says the usage is gone (no longer supported / removed / deprecated);
- from ``libtorch_python.so``: the Python-binding overloads marked ``|deprecated`` (scalar-first
  ``add_``, ``addcmul_`` ...) and the binding's own "is deprecated" texts.

Each message becomes one row of ``messages-<build>.tsv``: api (dotted name of the enclosing
function or class), private (a component starts with ``_``), category, how (warn / raise /
decorator / binding / log), message (f-string parts shown as ``{...}``), file:line. The review lives
in ``review.tsv`` keyed by (api, message): status ``covered`` (an existing section explains it),
``new`` (a section written for it), ``gap`` (deliberately not covered, with the reason), ``todo``
(public and unexplained: a section still to write), ``api-covered`` (a section lists the API; the
message itself not yet confirmed), with the section id or the reason. Rerunning on a new build keeps every decision whose
key still exists and lists the rest as ``unreviewed``: the new build's to-do list.
"""

from __future__ import annotations

import argparse
import ast
import csv
import importlib.util
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

# The modules of issue 25's list; a file is swept when its dotted name is one of these or below one.
PUBLIC_ROOTS = (
    "torch", "torch.nn", "torch.optim", "torch.utils.data", "torch.utils.checkpoint", "torch.autograd",
    "torch.profiler", "torch.distributed", "torch.export", "torch.compiler", "torch.library", "torch.amp",
    "torch.onnx", "torch.cuda", "torch.accelerator", "torch.hub", "torch.serialization", "torch.jit",
    "torch.storage", "torch.functional", "torch.random", "torch.fft", "torch.linalg", "torch.special",
    "torch.backends", "torch.utils.cpp_extension", "torch.overrides", "torch.fx", "torch.sparse",
    "torch.nested", "torch.masked", "torch.func", "torch.quantization", "torch.ao",
    # Sub-namespaces searched too, so that a definition gets its documented name
    # (torch.nn.parallel.DistributedDataParallel, not ...parallel.distributed.DistributedDataParallel).
    "torch.nn.parallel", "torch.nn.utils", "torch.nn.functional", "torch.nn.attention", "torch.nn.attention.flex_attention",
    "torch.optim.lr_scheduler", "torch.distributed.fsdp", "torch.distributed.checkpoint", "torch.distributed.tensor",
    "torch.cuda.amp", "torch.cpu.amp", "torch.autograd.profiler", "torch.ao.quantization", "torch.distributions",
    "torch.utils.data.datapipes", "torch._library.opaque_object",
)
# torch/<file>.py files whose private name holds public API (Tensor methods, torch.* functions).
PUBLIC_PRIVATE_FILES = {"torch._tensor": "torch.Tensor", "torch._utils": "torch._utils"}
SKIP_PARTS = ("testing", "_inductor", "_dynamo", "_functorch", "_higher_order_ops", "_export", "_subclasses",
              "_refs", "_prims", "_decomp", "_numpy", "_logging", "_vendor", "benchmarks")
WORDS = re.compile(r"deprecat|no longer|will be removed|has been removed|was removed|is removed|removed in|"
                   r"not supported anymore|is going away|upcoming release|future release|future version|"
                   r"will be required|will be an error", re.IGNORECASE)
LOGGERS = ("log", "logger", "_logger", "LOG", "_log")
DEPRECATION_CATEGORIES = {"DeprecationWarning", "FutureWarning", "PendingDeprecationWarning"}
# Every library of the wheel that holds TORCH_WARN / TORCH_CHECK texts a Python call can reach (ATen's
# TORCH_WARN_ONCE in libtorch_cpu, c10's device parsing, the CUDA and linalg kernels); a missing one is skipped.
BINDING_LIBRARIES = ("libtorch_python.so", "libtorch_cpu.so", "libc10.so", "libtorch_cuda.so",
                     "libtorch_cuda_linalg.so")
# A compiled text that says a use is going away. Wider than "is deprecated": "is now deprecated",
# "has been deprecated", "DEPRECATED", "is removed" (torch.triangular_solve's "is deprecated in favor of"
# was found, but the review marked it covered without a rule: see --probe).
BINDING_WORDS = re.compile(r"deprecat|will be removed|no longer|is removed|was removed|has been removed|"
                           r"removed in", re.IGNORECASE)
NOT_TORCH_TEXT = ("Intel oneMKL", "torch::jit::fuser::cuda::", "_Z", "*_Z", "*N", "N5torch", "-D", "-f",
                  "Test message for")  # MKL's notices, C++-only entry points, symbols, build flags, torch's own test
# Binding texts name their API in words; these map the ones a Python user can reach.
BINDING_APIS = (
    (r"^torch\.meshgrid", "torch.meshgrid"), (r"^stft ", "torch.stft"), (r"torch\.cross without", "torch.cross"),
    (r"^torch\.chain_matmul", "torch.chain_matmul"), (r"^torch\.lu is", "torch.lu"),
    (r"^torch\.lu_solve", "torch.lu_solve"), (r"^torch\.triangular_solve", "torch.triangular_solve"),
    (r"^torch\.ger ", "torch.ger"), (r"`x\.T`", "torch.Tensor.T"), (r"^Tensor\.(m?[HT]) ", "torch.Tensor.T"),
    (r"^adjoint\(\)", "torch.Tensor.adjoint"), (r"uint8, please use a dtype torch.bool", "torch.Tensor.__getitem__"),
    (r"^where received a uint8", "torch.where"), (r"^masked_scatter_", "torch.Tensor.masked_scatter_"),
    (r"reduce argument of torch\.scatter", "torch.scatter"), (r"^Use of (\w+) on expanded", "torch.Tensor.index_put_"),
    (r"non-tuple sequence for multidimensional", "torch.Tensor.__getitem__"),
    (r"^torch\.range is", "torch.range"), (r"^torch\.set_default_tensor_type", "torch.set_default_tensor_type"),
    (r"^torch\.(get|set|is)_autocast_(\w+)", "torch.get_autocast_gpu_dtype"),
    (r"nvfuser is no longer supported", "torch.jit.fuser"), (r"^nvfuser integration", "torch.jit.fuser"),
    (r"^torch\.sparse\.SparseTensor", "torch.sparse.SparseTensor"), (r"torch\.cuda\.\*DtypeTensor", "torch.cuda.FloatTensor"),
    (r"^torch\.quantize_per_tensor", "torch.quantize_per_tensor"), (r"^fbgemm_", "torch.fbgemm_linear_int8_weight"),
    (r"^'saved_variables'", "torch.autograd.function.FunctionCtx.saved_variables"),
    (r"^CUDAGraph\.register_generator_state", "torch.cuda.CUDAGraph.register_generator_state"),
    (r"^The 'mkldnn' device type", "torch.device"), (r"^torch\.quantized_(lstm|gru)", "torch.quantized_lstm"),
    (r"^Integer division with addcdiv", "torch.addcdiv"), (r"MAGMA backend", "torch.backends.cuda.preferred_linalg_library"),
    (r"^The default value of dim will change", "torch.cross"),
    (r"^at::frobenius_norm", "torch.frobenius_norm"), (r"^at::nuclear_norm", "torch.nuclear_norm"),
    (r"^_aminmax is deprecated", "torch._aminmax"), (r"^indexing with dtype torch\.uint8", "torch.Tensor.__getitem__"),
    (r"^volatile was removed \(", "torch.Tensor.volatile"), (r"^volatile was removed and", "torch.autograd.Variable"),
    (r"^'mkldnn' is no longer used as device type", "torch.device"),
    (r"^torch\._cslt_sparse_mm_search", "torch._cslt_sparse_mm_search"),
    (r"^_sparse_semi_structured_linear", "torch._sparse_semi_structured_linear"),
    (r"^_grad_fn argument to legacy Variable", "torch.autograd.Variable"),
)
FIELDS = ("api", "private", "category", "how", "message", "where")
NARROW_KINDS = ("warn", "raise", "decorator", "binding", "log")  # the rest: "warn-wide", "<kind> via <helper>"
REVIEW_FIELDS = ("api", "message", "status", "pointer")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_swept(module: str) -> bool:
    if any(part in SKIP_PARTS for part in module.split(".")):
        return False
    return module in PUBLIC_PRIVATE_FILES or any(module == r or module.startswith(r + ".") for r in PUBLIC_ROOTS)


def text_of(node: ast.AST | None) -> str | None:
    """A message's text: constants, f-strings (``{...}`` for the holes), ``+`` and implicit joins."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{...}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left, right = text_of(node.left), text_of(node.right)
        if isinstance(node.op, ast.Mod):
            return left
        return (left or "{...}") + (right or "{...}") if left or right else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return text_of(node.func.value)
    if isinstance(node, ast.Call) and node.args:  # MyError(msg) wrapped once more
        return text_of(node.args[0])
    return None


def call_name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def public_names() -> dict[tuple[str, str], str]:
    """(defining module, qualname) -> the shortest public dotted name, when torch imports here.

    ``torch.jit._fuser.fuser`` is called as ``torch.jit.fuser``; a helper of a private module that no
    public module re-exports stays private. Without torch (``--no-import``) every name is its definition's.
    """
    import importlib
    import warnings

    found: dict[tuple[str, str], str] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for root in PUBLIC_ROOTS:
            try:
                module = importlib.import_module(root)
            except Exception:  # an optional dependency missing: that module's names keep their definition
                continue
            for name, obj in list(vars(module).items()):
                if name.startswith("_"):
                    continue
                key = (getattr(obj, "__module__", None), getattr(obj, "__qualname__", None))
                if isinstance(key[0], str) and isinstance(key[1], str):
                    dotted = f"{root}.{name}"
                    if key not in found or len(dotted) < len(found[key]):
                        found[key] = dotted
    return found


def is_private(api: str) -> bool:
    """A component after ``torch`` starts with ``_`` (``torch._utils`` holds public Tensor helpers)."""
    parts = api.split(".")
    return any(p.startswith("_") and not p.startswith("__") for p in parts[1:]) and parts[1] != "_utils"


class MessageFinder(ast.NodeVisitor):
    """The messages of one module. ``wide``: every ``warnings.warn``, whatever its words (the warnings
    that tell a user to change a call without saying "deprecated": ``Implicit dimension choice``,
    ``Default grid_sample ... has changed``); ``calls`` records, per function, the names it calls, so
    that a warning in a private helper can be credited to the public functions that reach it."""

    def __init__(self, module: str, filename: str, constants: dict[str, str],
                 public: dict[tuple[str, str], str] | None = None, wide: bool = False):
        self.module, self.filename, self.constants = module, filename, constants
        self.public = public or {}
        self.wide = wide
        self.stack: list[str] = []
        self.rows: list[dict] = []
        self.calls: dict[str, set[str]] = {}

    def api(self) -> str:
        names = [n for n in self.stack if n not in ("__init__", "__new__", "__call__")]
        for end in range(len(names), 0, -1):  # the longest enclosing scope with a public name
            public = self.public.get((self.module, ".".join(names[:end])))
            if public:
                return ".".join([public, *names[end:]])
        base = PUBLIC_PRIVATE_FILES.get(self.module, self.module)
        if base == "torch.Tensor" and names and names[0] == "Tensor":
            names = names[1:]
        return ".".join([base, *names])

    def add(self, node: ast.AST, category: str, how: str, message: str) -> None:
        api = self.api()
        self.rows.append({"api": api, "private": "yes" if is_private(api) else "no", "category": category, "how": how,
                          "message": " ".join(message.split())[:400], "where": f"{self.filename}:{node.lineno}"})

    def _scoped(self, node) -> None:
        for decorator in getattr(node, "decorator_list", []):
            if isinstance(decorator, ast.Call) and call_name(decorator.func) in ("deprecated", "_deprecated",
                                                                                   "deprecate"):
                self.stack.append(node.name)
                category = next((call_name(k.value) for k in decorator.keywords if k.arg == "category"),
                                "DeprecationWarning")
                self.add(decorator, category, "decorator", self._message(decorator.args[0] if decorator.args
                                                                          else None) or "(no text)")
                self.stack.pop()
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scoped

    def visit_Assign(self, node: ast.Assign) -> None:
        """``msg = "... deprecated ..."`` inside a function, later ``warnings.warn(msg.format(x))``."""
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and (text := text_of(node.value)):
            self.constants[node.targets[0].id] = text
        self.generic_visit(node)

    def _message(self, node) -> str | None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            node = node.func.value
        if isinstance(node, ast.Name) and node.id in self.constants:
            return self.constants[node.id]
        return text_of(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = call_name(node.func)
        if self.stack:
            self.calls.setdefault(".".join(self.stack), set()).add(name)
        if name.endswith("warn") or name in ("warn_once", "_warn_once", "warn_deprecated"):
            message = self._message(node.args[0] if node.args else next(
                (k.value for k in node.keywords if k.arg in ("message", "msg")), None))
            category_node = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "category"), None)
            category = call_name(category_node) if category_node is not None else "UserWarning"
            if message and (category in DEPRECATION_CATEGORIES or WORDS.search(message)):
                self.add(node, category, "warn", message)
            elif message and self.wide and not category.endswith(("Error", "Exception")):
                self.add(node, category, "warn-wide", message)
        elif name == "warning" and isinstance(node.func, ast.Attribute) and call_name(node.func.value) in LOGGERS:
            message = self._message(node.args[0] if node.args else None)  # log.warning("x is deprecated")
            if message and WORDS.search(message):
                self.add(node, "log.warning", "log", message)
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call):
            message = self._message(exc.args[0] if exc.args else None)
            if message and WORDS.search(message):
                self.add(node, call_name(exc.func), "raise", message)
        self.generic_visit(node)


def module_constants(tree: ast.Module) -> dict[str, str]:
    """``_MSG = "... is deprecated"`` at module level, so ``warnings.warn(_MSG)`` has its text."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            text = text_of(node.value)
            if text:
                found[node.targets[0].id] = text
    return found


def credit_helpers(finder: MessageFinder, depth: int = 3) -> list[dict]:
    """Rows of private helpers (``_get_softmax_dim``) again under each public function of the same module
    that calls the helper, directly or through up to ``depth`` private helpers (``softmax``), with how
    ``via <helper>``: a user calls the public function and sees the helper's warning."""
    by_name: dict[str, list[dict]] = {}
    for row in finder.rows:
        if row["private"] == "yes":
            helper = row["api"].rsplit(".", 1)[-1]
            by_name.setdefault(helper, []).append(row)
    if not by_name:
        return []
    private_callees = {fn.rsplit(".", 1)[-1]: names for fn, names in finder.calls.items()
                       if fn.rsplit(".", 1)[-1].startswith("_")}
    credited = []
    for function, names in finder.calls.items():
        parts = function.split(".")
        if any(p.startswith("_") and not p.startswith("__") for p in parts):
            continue  # a private caller is itself a helper
        reached, frontier = set(), set(names)
        for _ in range(depth):
            reached |= frontier
            frontier = set().union(*(private_callees.get(n, set()) for n in frontier)) - reached
        finder.stack = parts
        api = finder.api()
        if is_private(api):
            continue
        for helper in sorted(reached & set(by_name)):
            for row in by_name[helper]:
                credited.append({**row, "api": api, "private": "no", "how": f"{row['how']} via {helper}"})
    finder.stack = []
    return credited


def sweep_python(torch_dir: Path, public: dict[tuple[str, str], str], wide: bool = False) -> list[dict]:
    """Every message of the swept modules; ``wide`` adds every other warning and credits the warnings
    of private helpers to their public callers (see MessageFinder and credit_helpers)."""
    rows = []
    for path in sorted(torch_dir.rglob("*.py")):
        module = module_name(path, torch_dir)
        if not is_swept(module):
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        finder = MessageFinder(module, str(path.relative_to(torch_dir.parent)), module_constants(tree), public, wide)
        finder.visit(tree)
        rows.extend(finder.rows)
        if wide:
            rows.extend(credit_helpers(finder))
    return rows


def sweep_binding(torch_dir: Path) -> list[dict]:
    """Deprecated overloads and texts compiled into the Python binding (``strings`` on the .so)."""
    lines: set[str] = set()
    for name in BINDING_LIBRARIES:
        library = torch_dir / "lib" / name
        try:
            lines |= set(subprocess.run(["strings", str(library)], capture_output=True, text=True,
                                        check=True).stdout.splitlines())
        except (OSError, subprocess.CalledProcessError):
            continue  # no such library in this build (or no `strings`): its messages are not listed
    rows = []
    for line in sorted(lines):
        if line.startswith(NOT_TORCH_TEXT):
            continue
        overload = re.fullmatch(r"(\w+)\((.*)\)\|deprecated", line)
        if overload:
            name, params = overload.groups()
            owner = "torch" if params.startswith(("Tensor input", "Scalar beta, Tensor input")) else "torch.Tensor"
            rows.append({"api": f"{owner}.{name}", "private": "no", "category": "UserWarning", "how": "binding",
                         "message": f"This overload of {name} is deprecated: {name}({params})",
                         "where": "lib/libtorch_python.so"})
        elif re.match(r"^\s*[A-Za-z'\"`_:].{20,}", line) and BINDING_WORDS.search(line) and " " in line.strip():
            text = line.strip()[:400]
            api = next((api for pattern, api in BINDING_APIS if re.search(pattern, text)), "(binding)")
            rows.append({"api": api, "private": "no", "category": "UserWarning", "how": "binding",
                         "message": text, "where": "lib/*.so"})
    return rows


def merge_review(rows: list[dict], review_path: Path) -> list[dict]:
    """Every (api, message) with its decision; keys no longer in the build are dropped."""
    decided = {}
    if review_path.exists():
        with review_path.open(encoding="utf-8", newline="") as handle:
            for entry in csv.DictReader(handle, delimiter="\t"):
                decided[(entry["api"], entry["message"])] = entry
    merged, seen = [], set()
    for row in rows:
        key = (row["api"], row["message"])
        if key in seen:
            continue
        seen.add(key)
        default = "gap" if row["private"] == "yes" else "unreviewed"
        pointer = "private API (a component starts with _)" if row["private"] == "yes" else ""
        merged.append(decided.get(key) or {"api": key[0], "message": key[1], "status": default, "pointer": pointer})
    return merged


META = re.compile(r"^> meta:.*?\bapi=([^\n]*)$", re.MULTILINE)


def section_apis(references: Path) -> dict[str, str]:
    """api dotted name -> the first section id whose ``> meta:`` line lists it (stdlib only: no torchpatch)."""
    found: dict[str, str] = {}
    for path in sorted(references.glob("*.md")):
        if path.name == "README.md":  # the format description, with example meta lines
            continue
        heading = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(("## ", "### ")):
                heading = line.split(" ", 1)[1].strip()
            elif line.startswith("> meta:") and heading and (match := META.match(line)):
                anchor = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
                for api in (a.strip() for a in match.group(1).split(",")):
                    found.setdefault(api, f"{path.stem}#{anchor}")
    return found


def mark_covered(review: list[dict], apis: dict[str, str]) -> None:
    """An unreviewed row whose API a section's api= lists exactly gets ``api-covered`` and that section:
    a section about the API exists, but whether it explains *this* message is for a reviewer to confirm
    (then ``covered``)."""
    for entry in review:
        if entry["status"] == "unreviewed" and entry["api"] in apis:
            entry["status"], entry["pointer"] = "api-covered", apis[entry["api"]]


def write_tsv(path: Path, fields: tuple[str, ...], rows: list[dict]) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fields, delimiter="\t", lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def default_torch_dir() -> Path:
    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        raise SystemExit("no torch in this interpreter: pass --torch DIR")
    return Path(spec.origin).parent


def build_version(torch_dir: Path) -> str:
    text = (torch_dir / "version.py").read_text(encoding="utf-8")
    match = re.search(r"__version__\s*=\s*['\"]([^'\"+]+)", text)
    return match.group(1) if match else "unknown"


PROBE_FIELDS = ("api", "sample", "judgement")


def probe_rules(review: list[dict], checker: Path, out_path: Path) -> list[dict]:
    """Which reviewed APIs no rule flags: a section that names an API is not a rule that reports its use.

    For every public API whose message the review marks ``covered`` or ``new``, run the checker on a
    one-line call (``torch.X(1)``; ``x.m(x)`` on a tensor for ``torch.Tensor.m``). An API with no finding
    is listed in ``unflagged-<build>.tsv`` with the judgement kept from the last run: ``conditional: ...``
    (the warning needs an argument or a value the bare call lacks, and a rule checks that), ``gap: ...``
    (deliberately not flagged, why), or ``unjudged`` (write a rule, or judge it).
    """
    import json
    import tempfile

    kept = {}
    if out_path.exists():
        with out_path.open(encoding="utf-8", newline="") as handle:
            kept = {row["api"]: row["judgement"] for row in csv.DictReader(handle, delimiter="\t")}
    apis = sorted({entry["api"] for entry in review if entry["status"] in ("covered", "new")
                   and entry["api"].startswith("torch.") and not is_private(entry["api"])})
    samples = {}
    with tempfile.TemporaryDirectory() as folder:
        for i, api in enumerate(apis):
            owner, _, name = api.rpartition(".")
            if owner == "torch.Tensor":
                sample = f"x = torch.zeros(3); y = x.{name}(x)"
            else:
                sample = f"y = {api}(1)"
            module = owner if owner != "torch" and owner[0].islower() and not owner.endswith(".Tensor") else "torch"
            module = ".".join(p for p in module.split(".") if p[:1].islower())
            samples[f"p{i}.py"] = (api, sample)
            Path(folder, f"p{i}.py").write_text(f"import torch\nimport {module or 'torch'}\n{sample}\n", encoding="utf-8")
        result = subprocess.run([str(checker), "check", folder, "--format", "json"], capture_output=True, text=True)
        flagged = {Path(f["file"]).name for f in json.loads(result.stdout or "{}").get("findings", [])}
    rows = [{"api": api, "sample": sample, "judgement": kept.get(api, "unjudged")}
            for name, (api, sample) in sorted(samples.items(), key=lambda item: item[1][0]) if name not in flagged]
    write_tsv(out_path, PROBE_FIELDS, rows)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torch", type=Path, help="the torch package folder (default: this interpreter's)")
    parser.add_argument("--build", help="build name for the output file (default: torch/version.py)")
    parser.add_argument("--no-import", action="store_true",
                        help="do not import torch to map definitions to their public names")
    parser.add_argument("--references", type=Path, default=Path(__file__).parents[1] / "references",
                        help="mark messages whose API a section's api= lists as covered")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "deprecations")
    parser.add_argument("--narrow", action="store_true",
                        help="only deprecation wording (no warnings-<build>.tsv of every other warning)")
    parser.add_argument("--probe", type=Path, metavar="TORCHPATCH",
                        help="run this torchpatch's checker on a call of every covered API and list the unflagged "
                             "ones in unflagged-<build>.tsv (to judge: conditional, gap, or a rule to write)")
    parser.add_argument("--probe-only", action="store_true", help="with --probe: reuse review.tsv, sweep nothing")
    args = parser.parse_args(argv)
    torch_dir = args.torch or default_torch_dir()
    build = args.build or build_version(torch_dir)
    if args.probe and args.probe_only:
        with (args.out / "review.tsv").open(encoding="utf-8", newline="") as handle:
            review = list(csv.DictReader(handle, delimiter="\t"))
        rows = probe_rules(review, args.probe, args.out / f"unflagged-{build}.tsv")
        print(f"{len(rows)} reviewed APIs with no finding on a bare call: "
              f"{sum(r['judgement'] == 'unjudged' for r in rows)} unjudged")
        return 0
    public = {} if args.no_import else public_names()
    found = sweep_python(torch_dir, public, wide=not args.narrow) + sweep_binding(torch_dir)
    found.sort(key=lambda r: (r["api"], r["message"]))
    # messages-<build>.tsv: the deprecation wording, as before; warnings-<build>.tsv: the wide sweep's
    # other warnings and the helpers' messages credited to public callers. Both are reviewed.
    rows = [r for r in found if r["how"] in NARROW_KINDS]
    wide = [r for r in found if r["how"] not in NARROW_KINDS]
    args.out.mkdir(parents=True, exist_ok=True)
    write_tsv(args.out / f"messages-{build}.tsv", FIELDS, rows)
    if not args.narrow:
        write_tsv(args.out / f"warnings-{build}.tsv", FIELDS, wide)
    review = merge_review(rows + wide, args.out / "review.tsv")
    if args.references and args.references.is_dir():
        mark_covered(review, section_apis(args.references))
    write_tsv(args.out / "review.tsv", REVIEW_FIELDS, review)
    if args.probe:
        unflagged = probe_rules(review, args.probe, args.out / f"unflagged-{build}.tsv")
        print(f"{len(unflagged)} reviewed APIs with no finding on a bare call "
              f"({sum(r['judgement'] == 'unjudged' for r in unflagged)} unjudged)")
    counts = Counter(entry["status"] for entry in review)
    print(f"{len(rows)} messages and {len(wide)} other warnings ({len(review)} distinct) in torch {build}: "
          + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
