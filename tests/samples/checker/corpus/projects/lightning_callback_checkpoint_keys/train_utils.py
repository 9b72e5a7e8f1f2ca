from pathlib import Path


def last_checkpoint(run_dir):
    return sorted(Path(run_dir).glob("*.ckpt"))[-1]
