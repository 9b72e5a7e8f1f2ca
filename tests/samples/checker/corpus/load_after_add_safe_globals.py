# seen in: training scripts that allowlist their config class once at import time
import argparse

import torch

torch.serialization.add_safe_globals([argparse.Namespace])


def resume(path):
    checkpoint = torch.load(path)
    return checkpoint["args"].lr
