"""Training script: the options Namespace and a running numpy loss go into every saved file."""
import argparse

import numpy as np
import torch

from nets.unet import UNet


def main(args):
    torch.manual_seed(0)
    model = torch.nn.DataParallel(UNet())
    smoothed = 0.0
    for step in range(args.steps):
        smoothed = 0.9 * smoothed + 0.1 * np.tanh(step / 10)
        if step % 100 == 0:
            extra = {"step": step, "smoothed_loss": smoothed, "args": args}
            getattr(model, "module", model).save(f"unet_{step}.pt", other_items=extra)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1000)
    main(parser.parse_args())
