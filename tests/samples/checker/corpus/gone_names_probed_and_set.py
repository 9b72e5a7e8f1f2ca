# seen in: vendored copies of an old mixed-precision library and training scripts of 2019: a name the build lacks,
# read inside a probing try whose handler answers False, used only behind that probe or behind hasattr, or set
# on a module (which just creates it), raises nothing on 2.15; a plain read does
import torch
import torch.distributed as dist
from torch.utils.data import dataloader


def has_old_rnns():
    try:
        torch.nn.backends.thnn.backend.LSTMCell
        return True
    except:  # noqa: E722
        return False


def rnn_cells():
    if has_old_rnns():
        return torch.nn.backends.thnn.backend
    return None


def backend_enum():
    if hasattr(dist, "DistBackend"):
        return dist.DistBackend
    return dist.Backend


def quiet_workers():
    dataloader._use_shared_memory = False


def old_backend():
    return torch.nn.backends.thnn.backend  # finding: torch-name-gone
