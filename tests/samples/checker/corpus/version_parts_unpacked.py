# seen in: IML-ViT's utils/misc.py (after MAE's): the version string bound to a name, its first two parts unpacked
# into two names, and the import chosen by the major one: on 2.15 the torch._six branch never runs.
import torch

torch_version = torch.__version__
major_version, minor_version = map(int, torch_version.split(".")[:2])
if major_version >= 2:
    from torch import inf
else:
    from torch._six import inf

if minor_version >= 0 and major_version < 3:
    from torch._six import string_classes  # finding: torch-name-gone


def clipped(norms):
    return [n if n != inf else 0.0 for n in norms], string_classes
