"""The globals that ``torch.load(..., weights_only=True)`` resolves by default, read from an installed build.

The checker reads committed checkpoint files without unpickling them (validators/checker/ckptfile.py) and must
not import torch, so the allowed set ships as ``validators/checker/weights-only-globals.json``. It is what
``torch._weights_only_unpickler._get_allowed_globals()`` holds on the build that runs this script: a GLOBAL
outside it fails with "Unsupported global: GLOBAL <module>.<name> was not an allowed global by default".

Regenerate with the pinned build::

    .venv/bin/python -m torchpatch.validators.radar.weights_only_globals --out validators/checker/weights-only-globals.json

With ``--attributes`` it writes instead every attribute name a value of such a load can have
(``validators/checker/weights-only-attributes.json``): the attributes of the classes among those globals, of
the builtin types the unpickler builds without a GLOBAL (dict, list, tuple, str, bytes, int, float, bool, None),
of ``torch.Tensor``, ``torch.nn.Parameter``, ``torch.Size``, ``torch.dtype``, ``torch.device``, and of the
storages. ``ckpt["struct"].mock_csc_transpose()`` names none of them: the item is an object weights_only refuses.

    .venv/bin/python -m torchpatch.validators.radar.weights_only_globals --attributes --out validators/checker/weights-only-attributes.json
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


def loaded_value_attributes() -> dict:
    """``{"torch": "2.15.0", "attributes": [sorted names]}``: what any value of a weights_only load can have."""
    import collections

    import torch
    from torch import _weights_only_unpickler as unpickler

    kinds = {value for value in unpickler._get_allowed_globals().values() if isinstance(value, type)}
    kinds |= {dict, list, tuple, set, frozenset, str, bytes, bytearray, int, float, complex, bool, type(None), slice,
              collections.OrderedDict, collections.defaultdict, collections.Counter, torch.Tensor,
              torch.nn.Parameter, torch.Size, torch.dtype, torch.device, torch.UntypedStorage, torch.TypedStorage}
    names = sorted({name for kind in kinds for name in dir(kind)})
    return {"torch": torch.__version__.split("+")[0], "attributes": names}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--attributes", action="store_true", help="write the attribute names of loaded values")
    args = parser.parse_args(argv)
    made = loaded_value_attributes() if args.attributes else allowed_globals()
    args.out.write_text(json.dumps(made, indent=0) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
