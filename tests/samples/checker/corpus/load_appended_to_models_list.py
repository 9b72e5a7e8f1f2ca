# An evaluation script that reads back the stack of trained models a training script saved whole, one file per
# architecture, and collects them in a list of models: each file holds pickled nn.Modules, which weights_only
# refuses ("Unsupported global").
import os.path as osp

import torch


def load_stacks(ckpt_root, task, names, device):
    models = []
    for name in names:
        mod = torch.load(osp.join(ckpt_root, task, name, name))  # finding: torch-load-pickled-object
        mod = [m.to(device) for m in mod]
        models.append(mod)
    return models


def load_weights(ckpt_root, names, nets):
    # look-alikes: state dicts kept in a list named like models, restored into the nets, or walked by key
    models = []
    for name, net in zip(names, nets):
        sd = torch.load(osp.join(ckpt_root, name + ".pt"))
        net.load_state_dict(sd)
        models.append(sd)
    for name in names:
        weights = torch.load(osp.join(ckpt_root, name + ".bin"))
        weights = {k: v.float() for k, v in weights.items()}
        models.append(weights)
    stats = []
    for name in names:
        rows = torch.load(osp.join(ckpt_root, name + ".stats"))
        rows = [r.to("cpu") for r in rows]
        stats.append(rows)
    return models, stats
