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
