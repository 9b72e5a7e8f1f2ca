"""Packages that set ``TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD`` when they are imported.

``torch.load`` reads the variable on every call (``os.getenv`` inside ``torch.serialization.load``, torch 2.15 and
2.13), so a package whose ``__init__.py`` runs ``os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"`` changes
every later load that does not pass ``weights_only=``: it loads with ``weights_only=False`` and warns (UserWarning
"Environment variable TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD detected, since the`weights_only` argument was not
explicitly passed to `torch.load`, forcing weights_only=False."), whatever the file holds. Outside the package (a
script that never imports it) the same call takes the 2.6+ default, ``weights_only=True``.

Only an unconditional module-level statement counts (a line starting at column 0: not under ``if``, ``try`` or a
function), spelled ``os.environ[NAME] = value`` or ``os.environ.setdefault(NAME, value)`` with a value torch takes
as true ("1", "y", "yes", "true", any case). It covers the loads of its own file below it, and every load in the
package folders whose ``__init__.py`` sets it (the file's folder and the package folders above it: importing a
submodule runs each enclosing ``__init__.py`` first). The files are read by their text, so an ``__init__.py`` that
never names torch counts too.
"""

from __future__ import annotations

import os
import re

NAME = "TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"
# (text: re compiles it on first use, in the few files that name the variable)
_SETS = (r"(?m)^(?:os\.)?environ(?:\[\s*(?P<q1>[\"'])" + NAME + r"(?P=q1)\s*\]\s*=\s*|\.setdefault\(\s*(?P<q2>[\"'])" +
         NAME + r"(?P=q2)\s*,\s*)(?P<q3>[\"'])(?i:1|y|yes|true)(?P=q3)")


def setter_line(code: str) -> int | None:
    """The line of the module-level statement that sets the variable to a true value, if any."""
    if NAME not in code:
        return None
    match = re.search(_SETS, code)
    return code.count("\n", 0, match.start()) + 1 if match else None


class EnvOptOuts:
    """The files of a run that set the variable at import, and the package folders (an ``__init__.py`` seen)."""

    def __init__(self) -> None:
        self.setters: dict[str, int] = {}  # absolute path -> line of the setting statement
        self.packages: set[str] = set()  # folders whose __init__.py is part of the run

    def note(self, path: str, code: str) -> None:
        full = os.path.abspath(path)
        if os.path.basename(full) == "__init__.py":
            self.packages.add(os.path.dirname(full))
        if (line := setter_line(code)) is not None:
            self.setters[full] = line

    def setter(self, file: str, line: int) -> tuple[str, int] | None:
        """The file (and line) whose import sets the variable before the load at ``file``:``line`` runs."""
        if not self.setters:
            return None
        full = os.path.abspath(file)
        own = self.setters.get(full)
        if own is not None and own < line:
            return full, own
        folder = os.path.dirname(full)
        while folder in self.packages:
            init = os.path.join(folder, "__init__.py")
            if init in self.setters and init != full:
                return init, self.setters[init]
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
        return None
