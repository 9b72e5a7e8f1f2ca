import numpy as np
import torch


def fid(features, args):
    stats = torch.load(args.fid_stats)  # finding: torch-load-saved-in-project
    real_mean, real_cov = stats["mean"], stats["cov"]
    return float(np.sum((np.mean(features, 0) - real_mean) ** 2) + np.trace(real_cov))


def restore(net, args):
    ckpt = torch.load(args.weights)  # the plain dict(params=..., iteration=...) layout: loads
    net.load_state_dict(ckpt["params"])
