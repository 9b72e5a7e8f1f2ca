"""``torch._name`` lookups the target build cannot answer: ``torch._unique_dim(x, dim=0)`` on 2.15.

``torch`` makes its names at run time, so neither gone-names.json (what stubs and docs name) nor torch-surface.json
(``"*"`` for ``torch``) can tell a private operator that old builds had from one the target still has.
``torch-private-names.json`` (made by radar/private_names.py from installed builds) lists, per build, every private
name ``dir(torch)`` shows and the modules ``torch.__getattr__`` imports on demand. On a target with a list, a
``torch._name`` outside it is an AttributeError there, unless it names a torch module (``torch._refs``: there once
something imports it).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

# private modules whose every name is recorded (radar/private_names.py): 1.0-era code decorates with
# torch._jit_internal.weak_script and imports weak_module / weak_script_method from there, all gone on 2.15
PRIVATE_MODULES = ("_jit_internal", "_utils")

PRIVATE_FILE = Path(__file__).with_name("torch-private-names.json")
# torch._C names of backends the recorded (Linux CUDA) build leaves out or carries only in part
_BACKEND_PREFIXES = ("_xpu", "_mps", "_mtia", "_hip", "_rocm", "_mkldnn", "_hpu", "_privateuse1", "_lazy", "_ipu")


@lru_cache(maxsize=1)
def _builds() -> dict[str, frozenset[str]]:
    data = json.loads(PRIVATE_FILE.read_text(encoding="utf-8"))
    return {build: frozenset(names) for build, names in data["builds"].items()}


def missing_private(qualified: str, target: str) -> bool:
    """``torch._x`` or ``torch._C._x`` (one private, non-dunder name right under ``torch`` or ``torch._C``), or any name
    of a recorded private module (``torch._jit_internal.weak_script``), that build ``target`` ("2.15") lacks, when the
    file records that build (and, for ``torch._C`` and those modules, their names); modules are the caller's to leave
    out."""
    module, _, name = qualified.rpartition(".")
    names = _builds().get(target)
    if names is None or name.startswith("__"):
        return False
    if module.removeprefix("torch.") in PRIVATE_MODULES:  # torch._jit_internal.weak_script: every name recorded
        prefix = module.removeprefix("torch.") + "."
        return _records(target, prefix) and f"{prefix}{name}" not in names
    if module not in ("torch", "torch._C") or not name.startswith("_"):
        return False
    if module == "torch._C":  # not a backend's own names: an XPU or MPS build has more of them than the CUDA wheel
        return _records(target, "_C.") and f"_C.{name}" not in names and not name.startswith(_BACKEND_PREFIXES)
    return name not in names


@lru_cache(maxsize=None)
def _records(target: str, prefix: str) -> bool:
    """The file lists a module's names for that build (``_C.``, ``_jit_internal.``): files made before it listed only
    ``torch``'s."""
    return any(name.startswith(prefix) for name in _builds().get(target, ()))
