"""A package whose import sets TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD (checker/envoptout.py): every later torch.load
without weights_only= in it loads with weights_only=False and warns on torch 2.15."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import torch

from torchpatch.validators.checker import check_paths
from torchpatch.validators.checker.envoptout import setter_line

RULE = "torch-load-no-weights-only-env"
LOAD = "import torch\n\ndef restore(path):\n    return torch.load(path, map_location='cpu')\n"


def _tree(root: Path, files: dict[str, str]) -> Path:
    (root / "setup.py").write_text("")
    for name, code in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(code))
    return root


def _flagged(root: Path) -> dict[str, tuple[str, str]]:
    return {Path(f.file).relative_to(root).as_posix(): (f.rule, f.message)
            for f in check_paths([root], "2.15").findings if f.rule.startswith("torch-load")}


def test_the_package_init_covers_its_submodules(tmp_path):
    root = _tree(tmp_path, {
        "pkg/__init__.py": 'import os\nos.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"\n',
        "pkg/tools/__init__.py": "",
        "pkg/tools/ckpt.py": LOAD,
        "scripts/use.py": LOAD,  # no package above it: the 2.6 default applies, nothing tells what the file holds
        "other/__init__.py": "",
        "other/use.py": LOAD,
    })
    flagged = _flagged(root)
    assert set(flagged) == {"pkg/tools/ckpt.py"}
    rule, message = flagged["pkg/tools/ckpt.py"]
    assert rule == RULE and "../__init__.py:2 sets TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD=1" in message


def test_a_folder_without_init_breaks_the_chain(tmp_path):
    root = _tree(tmp_path, {
        "pkg/__init__.py": "import os\nos.environ.setdefault('TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD', 'true')\n",
        "pkg/loose/ckpt.py": LOAD,  # pkg/loose has no __init__.py: not imported as part of pkg
        "pkg/ckpt.py": LOAD,
    })
    assert set(_flagged(root)) == {"pkg/ckpt.py"}


def test_only_unconditional_true_settings_count():
    name = "TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"
    assert setter_line(f'import os\nos.environ["{name}"] = "1"\n') == 2
    assert setter_line(f"os.environ.setdefault('{name}', 'YES')\n") == 1
    assert setter_line(f'os.environ["{name}"] = "0"\n') is None  # torch takes only 1/y/yes/true as set
    assert setter_line(f'if debug:\n    os.environ["{name}"] = "1"\n') is None  # conditional
    assert setter_line(f'def f():\n    os.environ["{name}"] = "1"\n') is None  # only when called


def test_torch_reads_the_variable_at_each_call(tmp_path):
    """What the rule says, on the pinned build: set after torch is imported, the next load without weights_only
    loads a whole module and warns; an explicit weights_only stays quiet."""
    torch.save(torch.nn.Linear(2, 2), tmp_path / "whole.pt")
    code = textwrap.dedent(f"""
        import os, warnings, torch
        os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            assert isinstance(torch.load({str(tmp_path / 'whole.pt')!r}), torch.nn.Linear)
            torch.load({str(tmp_path / 'whole.pt')!r}, weights_only=False)
        print([str(x.message) for x in w])
    """)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TORCH_FORCE")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.strip() == str(["Environment variable TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD detected, since the`weights_only`"
                               " argument was not explicitly passed to `torch.load`, forcing weights_only=False."])
