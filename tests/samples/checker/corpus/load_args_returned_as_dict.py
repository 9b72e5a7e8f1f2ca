# seen in: FoundationVision/VAR utils/misc.py auto_resume (returns ckpt['args'], annotated as a dict: train.py saves
# args.state_dict(), an OrderedDict of plain values); the other two functions say nothing or say Namespace.
import argparse
import glob
from typing import Dict, List, Optional, Tuple

import torch


def auto_resume(out_dir: str, pattern: str = "ckpt*.pth") -> Tuple[List[str], int, int, dict, dict]:
    found = sorted(glob.glob(f"{out_dir}/{pattern}"))
    if not found:
        return [], 0, 0, {}, {}
    ckpt = torch.load(found[-1], map_location="cpu")
    return [found[-1]], ckpt["epoch"], ckpt["iter"], ckpt["trainer"], ckpt["args"]


def resume_options(path: str) -> Optional[Dict[str, int]]:
    state = torch.load(path, map_location="cpu")
    options = state["opt"]
    return options


def resume_args(path: str) -> argparse.Namespace:
    ckpt = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    return ckpt["args"]


def resume_unannotated(path):
    ckpt = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    return ckpt["epoch"], ckpt["args"]
