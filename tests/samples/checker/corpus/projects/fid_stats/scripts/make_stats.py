# seen in: XPixelGroup/BasicSR scripts/metrics (FID statistics saved with dict(...) holding numpy values from
# np.mean/np.cov; another script reads them back by key: UnpicklingError under weights_only=True on torch 2.15)
import numpy as np
import torch


def save_stats(features, name, out):
    mean = np.mean(features, 0)
    cov = np.cov(features, rowvar=False)
    torch.save(dict(name=name, size=len(features), mean=mean, cov=cov), out, _use_new_zipfile_serialization=False)


def save_weights(net, out):
    torch.save(dict(params=net.state_dict(), iteration=0), out)
