# seen in: an orthographic-feature-transform detector's uncertainty losses, which print float(logvar.min()) and the
# range of values made from it while registering a gradient hook on logvar: only a tensor that requires grad takes a
# hook, so each conversion warns since 2.8; the plain distances beside them, an argmax and a detached copy do not
import torch


def log_ap_loss(logvar, sqr_dists):
    print("dists", float(sqr_dists.min()), float(sqr_dists.max()))
    print("logvar", float(logvar.min()))  # finding: float-of-requires-grad-tensor

    def hook(grad):
        print("grad", float(grad.sum()))
    logvar.register_hook(hook)

    variance = torch.exp(logvar).view(-1, 1)
    stdev = torch.sqrt(variance)
    minvar = float(stdev.min())  # finding: float-of-requires-grad-tensor
    best = float(torch.argmax(stdev))
    quiet = float(stdev.detach().max())
    return minvar, best, quiet
