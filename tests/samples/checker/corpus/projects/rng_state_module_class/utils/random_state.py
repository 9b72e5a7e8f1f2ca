"""A run's random states, for an exact resume: numpy's get_state() is a tuple holding a numpy array."""
import random

import numpy as np
import torch


class RandomState:
    def __init__(self, seed):
        torch.manual_seed(seed)
        np.random.seed(seed)
        random.seed(seed)

    def save_rng_state(self):
        states = {}
        states["torch"] = torch.get_rng_state()
        states["numpy"] = np.random.get_state()
        return states
