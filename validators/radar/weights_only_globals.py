"""The globals that ``torch.load(..., weights_only=True)`` resolves by default, read from an installed build.

The checker reads committed checkpoint files without unpickling them (validators/checker/ckptfile.py) and must
not import torch, so the allowed set ships as ``validators/checker/weights-only-globals.json``. It is what
``torch._weights_only_unpickler._get_allowed_globals()`` holds on the build that runs this script: a GLOBAL
outside it fails with "Unsupported global: GLOBAL <module>.<name> was not an allowed global by default".

Regenerate with the pinned build::

    .venv/bin/python -m torchpatch.validators.radar.weights_only_globals --out validators/checker/weights-only-globals.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def allowed_globals() -> dict:
    """``{"torch": "2.15.0", "globals": [sorted qualified names]}`` of the running build."""
    import torch  # the build whose unpickler is read
    from torch import _weights_only_unpickler as unpickler

    return {"torch": torch.__version__.split("+")[0], "globals": sorted(unpickler._get_allowed_globals())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    args.out.write_text(json.dumps(allowed_globals(), indent=0) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
