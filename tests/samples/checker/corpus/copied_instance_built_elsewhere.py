# seen in: DDPG scripts that load four whole networks when a models folder exists and otherwise build the actor and
# critic and deep-copy them into their targets: the targets are modules as much as their originals, so their files
# hold pickled modules that the weights_only load of 2.6+ refuses. A copy of something that is not built here
# tells nothing.
from copy import deepcopy

import torch
import torch.nn as nn


class Actor(nn.Module):
    pass


def build(have_models, models_path):
    if have_models:
        actor = torch.load(f"{models_path}actor")  # finding: torch-load-pickled-object
        actor_target = torch.load(f"{models_path}actor_target")  # finding: torch-load-pickled-object
    else:
        actor = Actor()
        actor_target = deepcopy(actor)
    return actor, actor_target


def restore(have_stats, path, defaults):
    if have_stats:
        stats = torch.load(path)
    else:
        stats = deepcopy(defaults)
    return stats
