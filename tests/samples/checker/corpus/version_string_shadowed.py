# a module-level `version = torch.__version__` that a parameter of the same name shadows in one function:
# the name is not read as torch's version anywhere in the file (which object it holds depends on the scope)
import torch

version = torch.__version__


def running(loss, total, n):
    if int(version[0]) > 0:
        total += loss.item() * n
    else:
        total += loss.data[0] * n  # finding: loss-data-index
    return total


def other_version(loss, version):
    if int(version[0]) > 0:
        return loss.item()
    return loss.data[0]  # finding: loss-data-index
