"""A VAE's KL helper (seen in cyclical-annealing / SA-VAE code): a mean under `if average:`, which is the default,
and the per-sample terms otherwise."""
import torch


def kl_loss_diag(mean, logvar, logvar_prior=None, average=True):
    if logvar_prior is None:
        result = -0.5 * torch.sum(logvar - torch.pow(mean, 2) - torch.exp(logvar) + 1, 1)
    else:
        result = -0.5 * torch.sum(logvar - logvar_prior - torch.pow(mean, 2) / logvar_prior.exp() + 1, 1)
    if average:
        return result.mean()
    else:
        return result
