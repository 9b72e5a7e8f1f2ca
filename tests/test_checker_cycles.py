"""A check frees each file's syntax tree by reference counting: no reference cycle holds a walker or its tree.

Cycles made a run pay for garbage collection: on diffusers (737 files) about a quarter of the run went to
collections that traversed the trees the cycles kept alive (bench/RESULTS.md, session 11).
"""

from __future__ import annotations

import ast
import gc

from torchpatch.validators.checker import check_paths
from torchpatch.validators.checker.walker import FindingCollector

# What made cycles: a class constant naming a checkpoint key (LoadedObjects kept a walker's bound method),
# any module-level binding (find_aliases' recursive closure kept the walker's resolver), and an if in a function
# (the walker kept a lambda of itself for the function's local checks), and a scheduler built under an if (the
# step-order pass's recursive closures kept the walker's resolver).
SOURCE = '''
import torch
import torch.nn.functional as F

upsample = F.upsample


class Trainer:
    _MODEL_KEY = "model"

    def load(self, path):
        state = torch.load(path)
        if state:
            return state[self._MODEL_KEY]


def train(model, args):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    if args.cosine:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, 10)
    for epoch in range(10):
        scheduler.step()
        optimizer.step()
'''


def _garbage_after_check(tmp_path) -> list:
    (tmp_path / "train.py").write_text(SOURCE, encoding="utf-8")
    check_paths([tmp_path], "2.15")  # the first run builds caches that live on
    gc.collect()
    enabled, flags = gc.isenabled(), gc.get_debug()
    gc.disable()
    try:
        report = check_paths([tmp_path], "2.15")
        assert report.findings  # the file was walked, not skipped
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        if enabled:
            gc.enable()


def test_no_cycle_keeps_a_walker_or_its_tree(tmp_path):
    held = [type(item).__name__ for item in _garbage_after_check(tmp_path)
            if isinstance(item, (ast.AST, FindingCollector))]
    assert held == []
