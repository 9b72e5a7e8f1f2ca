# seen in: a large-model trainer's jit module whose TorchScript default is replaced by torch.compile by a
# function the module calls while it is imported (Megatron's jit.py); a default read before the swap, and
# one whose replacement only happens on old releases, are still used as torch.jit.script
import torch


def is_torch_min_version(version):
    return True


jit_fuser = torch.jit.script
early_fuser = torch.jit.script  # finding: torchscript-warns
old_fuser = torch.jit.script  # finding: torchscript-warns


@early_fuser
def bias_gelu(bias, y):
    return y + bias


def noop_decorator(func):
    return func


def enable_jit_fuser():
    global jit_fuser
    try:
        if is_torch_min_version("2.2.0a0"):
            jit_fuser = torch.compile
    except ImportError:
        jit_fuser = noop_decorator


def enable_early():
    global early_fuser
    early_fuser = torch.compile


def enable_old():
    global old_fuser
    if not is_torch_min_version("2.0.0"):
        old_fuser = noop_decorator


enable_jit_fuser()
enable_early()
enable_old()
