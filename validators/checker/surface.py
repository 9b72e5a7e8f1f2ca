"""Torch modules and names that no indexed build has, whatever the project's history with them.

``gone-names.json`` (gonenames.py) knows what an older build had and the target lacks; code written for
torch 0.4 imports what even the oldest indexed build (1.0) lacked (``torch.legacy``,
``torch.utils.serialization.load_lua``). ``torch-surface.json``, next to this file and made by
``validators/radar/name_index.py --surface-out``, lists every torch module any indexed build has, each
with every name it ever bound (read from the sources, plus what ``dir()`` adds on the newest installed
build), or ``"*"`` where a build's module makes names at run time. So on a target within the indexed
builds:

- ``import torch.a.b`` / ``from torch.a.b import x`` of a module missing from the list is a
  ModuleNotFoundError, unless its parent makes modules at run time (``"*"``, torch._C, torch.ops,
  torch.classes, a ``sys.modules`` alias);
- ``from torch.a import x`` where ``torch.a`` is listed with names and ``x`` is not among them is an
  ImportError (a config module's names are its options: ``patch("x", v)`` is an AttributeError).

The file is read once, the first time an import needs it; each module's names become a set the first time
that module is asked about, so a lookup is a dict hit.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..markdown import Version
from .datacopies import read_json

SURFACE_FILE = Path(__file__).with_name("torch-surface.json")
RUN_TIME_MODULES = ("torch._C", "torch.ops", "torch.classes")  # made at run time, never files


def made_at_run_time(module: str) -> bool:
    """``module`` is one of RUN_TIME_MODULES or inside one: no build's files can say what it holds."""
    return any(module == m or module.startswith(m + ".") for m in RUN_TIME_MODULES)


class TorchSurface:
    def __init__(self, modules: dict[str, str], builds: list[str]):
        """``modules``: module -> its names joined by spaces, or "*" (dynamic); ``builds``: the builds read."""
        self._modules = modules
        self._names: dict[str, frozenset[str]] = {}
        self._attributes: dict[str, tuple[str, str] | None] = {}  # missing_attribute's answers, per qualified name
        self.oldest = Version.parse(builds[0]) if builds else None
        self.newest = Version.parse(builds[-1]) if builds else None

    @classmethod
    def read(cls, path: str | Path = SURFACE_FILE) -> "TorchSurface":
        data = read_json(Path(path))  # through a faster copy of the file (datacopies.py)
        return cls(data["modules"], data["builds"])

    def covers(self, target: Version) -> bool:
        """Whether ``target`` is within the builds read: a newer build may have added the name."""
        return self.newest is not None and target.sort_key <= self.newest.sort_key

    def missing_module(self, module: str) -> str | None:
        """The outermost torch module in ``module`` (``torch.legacy`` in ``torch.legacy.nn``) that no build has,
        or None when all are there or one of them may be made at run time."""
        if not self._modules or not module.startswith("torch.") or made_at_run_time(module):
            return None
        end = len("torch")
        while end < len(module):
            end = module.find(".", end + 1)
            end = len(module) if end < 0 else end
            prefix = module[:end]
            if prefix not in self._modules:
                # torch's own names come from C, but its modules are files (or on the list, made at run time)
                parent = prefix.rpartition(".")[0]
                return None if parent != "torch" and self._modules.get(parent) == "*" else prefix
        return None

    def is_module(self, name: str) -> bool:
        """``name`` is a torch module some indexed build has (``torch.nn.utils``), not a name inside one."""
        return name in self._modules

    def missing_attribute(self, qualified: str) -> tuple[str, str] | None:
        """(module, name) for the first part of ``torch.a.b.c`` that its module never binds (``torch.nn.loss``,
        ``torch.nn.functional.Variable``): an AttributeError on every indexed build. None when every part is there,
        or when the walk reaches a name that is not a module (a class's attributes are not listed)."""
        if qualified in self._attributes:
            return self._attributes[qualified]
        found = self._attributes[qualified] = self._missing_attribute(qualified)
        return found

    def _missing_attribute(self, qualified: str) -> tuple[str, str] | None:
        module, _, rest = qualified.partition(".")
        if module != "torch" or not self._modules:
            return None
        for part in rest.split("."):
            child = f"{module}.{part}"
            if child not in self._modules:
                # a config module lists its options, not the methods every config module has (patch, save_config)
                if made_at_run_time(module) or module.endswith("config") or not self.missing_name(module, part):
                    return None
                return module, part
            module = child
        return None

    def missing_name(self, module: str, name: str) -> bool:
        """True when ``module`` is a plain module of every build that has it and none of them binds ``name``."""
        if name.startswith("__"):  # __all__, __version__: every module has some, and the list leaves them out
            return False
        names = self._names.get(module)
        if names is None:
            listed = self._modules.get(module)
            if listed is None or listed == "*":
                return False
            names = self._names[module] = frozenset(listed.split())
        return name not in names


@lru_cache(maxsize=1)
def shipped_surface() -> TorchSurface:
    """The shipped list; an empty one (nothing flagged) when the file is missing."""
    try:
        return TorchSurface.read()
    except (OSError, ValueError, KeyError):
        return TorchSurface({}, [])
