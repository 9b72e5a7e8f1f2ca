# seen in: a model loader that keeps torch's init functions, old names included, in a table only to swap
# them for a no-op with setattr and put them back (diffusers' no_init_weights), and device dispatch tables
# of memory functions, one called through a dispatcher, one only ever patched (diffusers' testing utils)
import torch
from torch import nn

INIT_FUNCTIONS = {
    "normal_": nn.init.normal_,
    "normal": nn.init.normal,
    "kaiming_uniform": nn.init.kaiming_uniform,
}


def skip_init():
    def noop(*args, **kwargs):
        pass

    for name, init_func in INIT_FUNCTIONS.items():
        setattr(torch.nn.init, name, noop)
    for name, init_func in INIT_FUNCTIONS.items():
        setattr(torch.nn.init, name, init_func)


RESET_PEAK = {
    "cuda": torch.cuda.reset_max_memory_allocated,  # finding: cuda-reset-max-memory-allocated
    "default": None,
}

RESET_PATCHED = {
    "cuda": torch.cuda.reset_max_memory_allocated,
    "default": None,
}


def dispatch(device, table, *args):
    if device not in table:
        return table["default"](*args)
    return table[device](*args)


def reset_peak(device):
    return dispatch(device, RESET_PEAK)


def override(table, replacement):
    if "default" not in table:
        table["cuda"] = replacement


override(RESET_PATCHED, None)

INITIALISERS = [
    nn.init.xavier_uniform,  # finding: init-xavier-uniform-no-underscore
    nn.init.xavier_normal,  # finding: init-xavier-normal-no-underscore
]


def init_all(weight):
    for init in INITIALISERS:
        init(weight)


def pick(weight):
    chosen = nn.init.normal  # finding: init-normal-no-underscore
    chosen(weight)


def default_init(weight, init=nn.init.kaiming_normal):  # finding: init-kaiming-normal-no-underscore
    init(weight)
