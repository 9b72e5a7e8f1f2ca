# seen in: a contrastive-loss library gathering features across ranks (open_clip's loss module)
import torch
import torch.distributed.nn

try:
    from torch.distributed import _functional_collectives as fcol
except ImportError:
    fcol = None


def gather_with_grad(t):
    # the newer function where it exists; the old collective only for releases without it (but 2.13 renamed
    # the functional one all_gather_single_autograd: on 2.15 the check passes and the call warns)
    if fcol is not None and hasattr(fcol, "all_gather_tensor_autograd"):
        return fcol.all_gather_tensor_autograd(t, gather_dim=0, group=None)  # finding: funcol-tensor-renamed-single
    return torch.cat(torch.distributed.nn.all_gather(t), dim=0)


def reduce_across(t, use_reduce):
    # no check in front of this one: it runs on every release
    if use_reduce:
        return torch.distributed.nn.all_reduce(t)  # finding: distributed-nn-functional
    return t


def scaler_for(device):
    if hasattr(torch.amp, "GradScaler"):
        scaler = torch.amp.GradScaler(device)
    else:
        scaler = None
    # the check's branch does not leave the function: what follows runs on the target too
    return scaler or torch.cuda.amp.GradScaler()  # finding: cuda-amp-grad-scaler
