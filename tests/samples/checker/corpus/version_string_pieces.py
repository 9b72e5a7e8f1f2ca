# seen in: Person_reID_baseline_pytorch's training loop, which keeps torch.__version__ in a module variable
# and reads loss.data[0] only "for the old version like 0.3.0": int(version[0]) > 0 holds on 2.15, so that
# branch never runs; the same pieces taken straight from torch.__version__ or from a function's local
import torch
from packaging.version import Version

version = torch.__version__


def running(loss, total, n):
    if int(version[0]) > 0 or int(version[2]) > 3:  # for the new version like 0.4.0
        total += loss.item() * n
    else:  # for the old version like 0.3.0
        total += loss.data[0] * n
    return total


def minor_split(loss):
    if int(torch.__version__.split('.')[1]) >= 3 or int(torch.__version__.split('.')[0]) >= 2:
        return loss.item()
    return loss.data[0]


def local_version(loss):
    v = torch.__version__
    if tuple(map(int, v.split(".")[:2])) < (0, 4):
        return loss.data[0]
    if [int(x) for x in v.split(".")[:2]] >= [0, 4]:
        return loss.item()
    return loss.data[0]


def parsed(loss):
    if Version(version) < Version("0.4"):
        return loss.data[0]
    return loss.item()


def patch_level(loss):
    if int(torch.__version__.split(".")[2]) > 0:  # the patch level: unknown on the target, the branch quiet
        return loss.data[0]
    return loss.data[0]  # finding: loss-data-index


def first_char(loss):
    if torch.__version__[0] == "0":
        return loss.data[0]
    return loss.item()



def prefix(loss):
    if version.startswith("0."):
        return loss.data[0]
    return loss.item()
