# seen in: icefall's diagnostics and hooks (hasattr on any module, the deprecated hook as the fallback)
import torch


def attach(module, hook):
    module.register_forward_hook(hook)
    if hasattr(module, "register_full_backward_hook"):
        module.register_full_backward_hook(hook)
    else:
        module.register_backward_hook(hook)


def attach_negated(module, hook):
    if not hasattr(module, "register_full_backward_hook"):
        module.register_backward_hook(hook)
    else:
        module.register_full_backward_hook(hook)


def unrelated_check(module, hook):
    if hasattr(module, "weight"):  # not the replacement the rule's fix names: the else branch runs
        module.register_full_backward_hook(hook)
    else:
        module.register_backward_hook(hook)  # finding: module-register-backward-hook
