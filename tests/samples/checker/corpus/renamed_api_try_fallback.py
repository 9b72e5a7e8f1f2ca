# seen in: an MoE layer that runs its gate in full precision: the try body spells torch.amp.autocast("cuda", ...),
# a bare except falls back to torch.cuda.amp.autocast for releases without it; the target runs the body. A
# handler that spells the old name while the body does not use the new one still counts.
import torch


def gate(x, routing):
    if x.is_cuda:
        try:
            with torch.amp.autocast("cuda", enabled=False):
                out = routing()
        except:
            with torch.cuda.amp.autocast(enabled=False):
                out = routing()
    else:
        out = routing()
    return out


def scaled(x, routing):
    try:
        out = routing()
    except RuntimeError:
        with torch.cuda.amp.autocast(enabled=False):  # finding: cuda-amp-autocast
            out = routing()
    return out


# seen in: a 3-D segmentation trainer's AMP helpers, which import the current names inside the try and the old ones
# in `except Exception:` (nested once for the scaler): the target runs the bodies
def autocast_context(enabled):
    try:
        from torch.amp import autocast as autocast_new
        return autocast_new(device_type="cuda", enabled=enabled)
    except Exception:
        from torch.cuda.amp import autocast as autocast_old
        return autocast_old(enabled=enabled)


def make_scaler():
    try:
        from torch.amp import GradScaler as ScalerNew
        return ScalerNew("cuda", enabled=True)
    except Exception:
        try:
            from torch.cuda.amp import GradScaler as ScalerOld
            return ScalerOld(enabled=True)
        except Exception:
            return None


def old_scaler_only():
    try:
        from torch.cuda.amp import GradScaler as Scaler  # finding: cuda-amp-grad-scaler
        return Scaler(enabled=True)
    except Exception:
        return None
