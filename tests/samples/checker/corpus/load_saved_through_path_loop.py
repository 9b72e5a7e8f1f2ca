# A trainer that saves itself to each path of a list, one of them a fixed "latest" name (seen in imitation's DAgger
# trainer), and a function that reloads that name: the file holds the whole trainer object.
import pathlib

import torch as th


class Trainer:
    def __init__(self, scratch_dir):
        self.scratch_dir = pathlib.Path(scratch_dir)
        self.round_num = 0

    def save_trainer(self):
        checkpoint_paths = [
            self.scratch_dir / f"checkpoint-{self.round_num:03d}.pt",
            self.scratch_dir / "checkpoint-latest.pt",
        ]
        for checkpoint_path in checkpoint_paths:
            th.save(self, checkpoint_path)
        for stats_path in [self.scratch_dir / "stats-latest.pt"]:
            th.save({"round": self.round_num}, stats_path)


def reconstruct_trainer(scratch_dir):
    checkpoint_path = pathlib.Path(scratch_dir) / "checkpoint-latest.pt"
    return th.load(checkpoint_path)  # finding: torch-load-saved-objects


def read_stats(scratch_dir):
    return th.load(pathlib.Path(scratch_dir) / "stats-latest.pt")["round"]
