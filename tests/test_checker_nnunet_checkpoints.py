"""nnU-Net v2's training checkpoints (checker/nnunetckpt.py): a project importing nnunetv2 that loads
checkpoint_final.pth (or reads its trainer_name / init_args) without weights_only= reads numpy float64 values."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import numpy as np
import pytest
import torch

from torchpatch.validators.checker import check_paths

IMPORT = "import torch\nfrom nnunetv2.utilities.plans_handling.plans_handler import PlansManager\n"


def _flagged(root: Path, files: dict[str, str]) -> dict[tuple[str, int], str]:
    root.mkdir(parents=True, exist_ok=True)
    (root / "setup.py").write_text("")
    for name, code in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(code))
    return {(Path(f.file).relative_to(root).as_posix(), f.line): f.rule
            for f in check_paths([root], "2.15").findings if f.rule.startswith("torch-load")}


def test_named_and_keyed_loads_of_the_trainer_files(tmp_path):
    code = IMPORT + textwrap.dedent("""
        def convert(folder, fold):
            final = torch.load(Path(folder).joinpath(f"fold_{fold}", "checkpoint_final.pth"))
            return final["network_weights"]

        def restore(folder, name):
            checkpoint = torch.load(join(folder, name), map_location="cpu")
            trainer = checkpoint["trainer_name"]
            return trainer, checkpoint["network_weights"]

        def other(path):
            return torch.load(path)["network_weights"]  # no key only nnU-Net has: nothing tells
    """)
    flagged = _flagged(tmp_path, {"tools/use.py": code})
    assert flagged == {("tools/use.py", 5): "torch-load-saved-in-project", ("tools/use.py", 9): "torch-load-saved-in-project"}


def test_without_nnunetv2_or_with_an_own_converted_copy(tmp_path):
    plain = "import torch\n\ndef restore(path):\n    return torch.load(path)['trainer_name']\n"
    assert _flagged(tmp_path / "a", {"use.py": plain}) == {}  # no nnunetv2 import: another trainer_name
    converted = IMPORT + textwrap.dedent("""
        def export(ckpt, path):
            out = {}
            out["trainer_name"] = ckpt["trainer_name"]
            out["network_weights"] = ckpt["network_weights"]
            torch.save(out, path)

        def restore(path):
            return torch.load(path)["trainer_name"]
    """)
    assert _flagged(tmp_path / "b", {"use.py": converted}) == {}  # the project's own plain copy, without logging


def test_a_logger_value_is_refused_on_the_pinned_build(tmp_path):
    """What the finding says: nnU-Net's 'logging' lists hold np.mean results, np.float64 scalars."""
    path = tmp_path / "checkpoint_final.pth"
    torch.save({"network_weights": {}, "logging": {"train_losses": [np.mean([0.5, 0.25])]}, "trainer_name": "T"}, path)
    with pytest.raises(pickle.UnpicklingError, match="Unsupported global: GLOBAL numpy._core.multiarray.scalar"):
        torch.load(path)
