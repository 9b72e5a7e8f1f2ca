"""Record which public torch modules ``import torch`` itself loads, for the checker's feature checks.

``if "torch.fft" not in sys.modules:`` asks whether torch already imported the module: on every build recorded
here it did, so the branch never runs. The checker (guards.py) reads ``eager-modules.json`` and decides such a
test only for modules every recorded build loads, on targets no older than the oldest recorded build.

Usage: python -m torchpatch.validators.radar.eager_modules PYTHON [PYTHON ...] > validators/checker/eager-modules.json
(each PYTHON an interpreter with one torch build installed).
"""

from __future__ import annotations

import json
import sys

from .build_names import probe_build

_PROBE = (
    "import json, sys, torch\n"
    "names = sorted(k for k in sys.modules if k.startswith('torch.') and not any(p.startswith('_') for p in k.split('.')))\n"
    "print(json.dumps([torch.__version__, names]))\n"
)


def probe(python: str) -> tuple[str, set[str]]:
    version, names = probe_build(python, _PROBE)
    return version, set(names)


def main(pythons: list[str]) -> None:
    if not pythons:
        raise SystemExit("usage: eager_modules PYTHON [PYTHON ...]")
    probes = [probe(python) for python in pythons]
    common = set.intersection(*(names for _, names in probes))
    builds = sorted({version for version, _ in probes}, key=lambda v: tuple(int(p) for p in v.split(".")))
    json.dump({"format": 1, "builds": builds, "modules": sorted(common)}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
