"""Record the private names the ``torch`` module has on each build, for the checker's ``torch._name`` lookups.

``torch._unique_dim(x, dim=0)`` was a function of old builds; on 2.15 it raises AttributeError "module 'torch' has
no attribute '_unique_dim'". ``torch`` makes its names at run time (torch._C), so the sources (name_index.py) list
only what stubs and docs name, and leave private operators out. This records ``dir(torch)``'s single-underscore
names on an installed build, plus what its module ``__getattr__`` serves (``_lazy_modules``), and those of
``torch._C`` as ``_C._name`` (``torch._C._cudnn_convolution_full_forward`` of 0.3-era code): privatenames.py reads
the file and says a ``torch._name`` or ``torch._C._name`` outside the list is missing on that build. Every name of a few
private modules (PRIVATE_MODULES) is recorded too, as ``_jit_internal.weak_script``.

Usage: python -m torchpatch.validators.radar.private_names PYTHON [PYTHON ...] > validators/checker/torch-private-names.json
(each PYTHON an interpreter with one torch build installed).
"""

from __future__ import annotations

import json
import sys

from ..checker.privatenames import PRIVATE_MODULES
from .build_names import probe_build

_PROBE = (
    "import json, torch\n"
    "names = {n for n in dir(torch) if n.startswith('_') and not n.startswith('__')}\n"
    "names |= set(getattr(torch, '_lazy_modules', ()))\n"
    "names |= {'_C.' + n for n in dir(torch._C) if n.startswith('_') and not n.startswith('__')}\n"
    "import importlib\n"
    "for module in %r:\n"
    "    names |= {module + '.' + n for n in dir(importlib.import_module('torch.' + module)) if not n.startswith('__')}\n"
    "print(json.dumps([torch.__version__, sorted(names)]))\n"
) % (PRIVATE_MODULES,)


def probe(python: str) -> tuple[str, list[str]]:
    return probe_build(python, _PROBE)


def main(pythons: list[str]) -> None:
    if not pythons:
        raise SystemExit("usage: private_names PYTHON [PYTHON ...]")
    builds = dict(probe(python) for python in pythons)
    json.dump({"format": 1, "builds": builds}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
