# seen in: an RNN library's GPU kernel wrapper (taolei87/sru's sru/ops.py), which asks whether autocast is on
# through getattr(torch, "is_autocast_enabled", lambda: False)(): the call's answer is run-time state, so the
# branch runs on the target whenever autocast is on, and the deprecated autocast inside it is a use
import torch


def recurrence(x):
    in_autocast = getattr(torch, "is_autocast_enabled", lambda: False)()
    if in_autocast:
        with torch.cuda.amp.autocast(enabled=False):  # finding: cuda-amp-autocast
            return x.float()
    return x


def old_release(x):
    if getattr(torch, "autocast", None) is None:
        with torch.cuda.amp.autocast(enabled=False):  # the branch for releases without torch.autocast
            return x.float()
    return x
