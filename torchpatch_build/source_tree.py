"""Import ``torchpatch.server`` and ``torchpatch.validators`` from a source tree, without installing it.

The repository's top-level ``server/`` and ``validators/`` folders are the ``torchpatch.*`` packages
(pyproject maps them); a build, before anything is installed, registers them under those names.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path


def register(root: Path, parts: tuple[str, ...] = ("validators", "server")) -> None:
    """Make ``import torchpatch.<part>`` load ``root/<part>/`` for each of ``parts``."""
    if "torchpatch" not in sys.modules:
        package = types.ModuleType("torchpatch")
        package.__path__ = []  # a namespace: only the parts registered below
        sys.modules["torchpatch"] = package
    for part in parts:
        name = f"torchpatch.{part}"
        if name in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(name, root / part / "__init__.py",
                                                      submodule_search_locations=[str(root / part)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        setattr(sys.modules["torchpatch"], part, module)
