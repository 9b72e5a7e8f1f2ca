"""A torch.load of a checkpoint committed in the project is decided by the file itself (checker/ckptfile.py):
its pickle is walked, never loaded, and compared with the globals weights_only allows on the pinned build."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
import torch

from torchpatch.validators.checker import check_paths
from torchpatch.validators.checker.ckptfile import GLOBALS_FILE, read_verdict
from torchpatch.validators.radar.weights_only_globals import allowed_globals


class Structure:  # a custom class a checkpoint may pickle (weights_only refuses it)
    def __init__(self) -> None:
        self.rows = [1, 2]


def _project(root: Path, code: str) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "setup.py").write_text("")
    (root / "pkg" / "use.py").write_text(textwrap.dedent(code))
    return root


def _findings(root: Path) -> list[tuple[int, str, str]]:
    return [(f.line, f.rule, f.message) for f in check_paths([root], "2.15").findings]


def _refused_by_torch(path: Path) -> bool:
    try:
        torch.load(path, weights_only=True)
    except Exception:  # noqa: BLE001 - what torch raises is the point: UnpicklingError
        return True
    return False


def test_shipped_globals_match_the_pinned_build():
    assert json.loads(GLOBALS_FILE.read_text(encoding="utf-8")) == allowed_globals()


def test_a_committed_file_holding_a_custom_class_is_an_object_finding(tmp_path):
    root = _project(tmp_path / "p", """
        import torch
        def test_it():
            data = torch.load("pkg/bad.pth")
            return data["struct"]
    """)
    torch.save({"struct": Structure(), "a": torch.ones(2)}, root / "pkg" / "bad.pth")
    assert _refused_by_torch(root / "pkg" / "bad.pth")
    [(line, rule, message)] = _findings(root)
    assert (line, rule) == (4, "torch-load-pickled-object")
    assert f"Unsupported global: GLOBAL {__name__}.Structure" in message


@pytest.mark.parametrize("legacy", [False, True])
def test_a_committed_plain_ckpt_stays_unflagged(tmp_path, legacy):
    """The .ckpt suffix alone would say Lightning; the file says a plain OrderedDict (stargan-v2's lpips weights)."""
    root = _project(tmp_path / "p", """
        import os
        import torch
        def weights():
            a = torch.load('pkg/lpips.ckpt')
            b = torch.load(os.path.join(os.path.dirname(__file__), "lpips.ckpt"), map_location="cpu")
            return a, b
    """)
    from collections import OrderedDict
    torch.save(OrderedDict(w=torch.ones(3)), root / "pkg" / "lpips.ckpt", _use_new_zipfile_serialization=not legacy)
    assert not _refused_by_torch(root / "pkg" / "lpips.ckpt")
    assert read_verdict(str(root / "pkg" / "lpips.ckpt")).refused is None
    assert _findings(root) == []


def test_a_legacy_file_with_an_object_is_read_too(tmp_path):
    path = tmp_path / "old.pth"
    torch.save({"args": __import__("argparse").Namespace(lr=1)}, path, _use_new_zipfile_serialization=False)
    assert _refused_by_torch(path)
    assert read_verdict(str(path)).refused == "argparse.Namespace"


@pytest.mark.filterwarnings("ignore:Detected pickle protocol 4")
def test_protocol_4_names_its_global_through_the_memo(tmp_path):
    path = tmp_path / "p4.pth"
    torch.save([Structure(), Structure()], path, pickle_protocol=4)
    assert _refused_by_torch(path)
    verdict = read_verdict(str(path))
    assert (verdict.refused, verdict.stack_global) == (f"{__name__}.Structure", True)


def test_unreadable_files_give_no_verdict_and_the_other_evidence_stays(tmp_path):
    root = _project(tmp_path / "p", """
        import torch
        a = torch.load("pkg/lfs.ckpt")
        b = torch.load("pkg/cut.ckpt")
    """)
    (root / "pkg" / "lfs.ckpt").write_text("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n")
    torch.save({"w": torch.ones(2)}, root / "pkg" / "whole.ckpt")
    (root / "pkg" / "cut.ckpt").write_bytes((root / "pkg" / "whole.ckpt").read_bytes()[:100])
    assert read_verdict(str(root / "pkg" / "lfs.ckpt")) is None
    assert read_verdict(str(root / "pkg" / "cut.ckpt")) is None
    assert [(line, rule) for line, rule, _ in _findings(root)] == [
        (3, "torch-load-lightning-checkpoint"), (4, "torch-load-lightning-checkpoint")]  # the .ckpt suffix still counts
