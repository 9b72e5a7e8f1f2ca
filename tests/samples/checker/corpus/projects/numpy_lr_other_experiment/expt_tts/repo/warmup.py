# the warm-up of a TTS experiment, two folders down in a tree of experiments without project markers: it writes a
# NumPy rate into each param group, so its experiment's saved optimizer state holds an np.float64
import numpy as np


def warm_up(optimizer, step, peak=1e-3, steps=4000):
    for group in optimizer.param_groups:
        group["lr"] = peak * np.minimum(1.0, step / steps)
