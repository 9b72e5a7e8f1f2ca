import os
import sys

import torch

keep = ["iteration", "np_rng_state", "random_rng_state", "torch_rng_state"]


def split(path, parts, out):
    source = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    for part in range(parts):
        shard = {}
        for key in source:
            if key in keep:
                shard[key] = source[key]
        shard["module"] = {k: v.chunk(parts)[part].clone() for k, v in source["module"].items()}
        torch.save(shard, os.path.join(out, f"mp_rank_{part:02d}_model_states.pt"))


if __name__ == "__main__":
    split(sys.argv[1], int(sys.argv[2]), sys.argv[3])
