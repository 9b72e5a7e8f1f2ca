"""A deprecated torch function imported and never used is no finding; imported for other modules that use it, it is
(unusedimports.py). A name bound by torch's import or, under a condition, by another library's drop-in is checked as
torch's (imports.py: _alternative_imports)."""

from __future__ import annotations

from pathlib import Path

import pytest

from torchpatch.validators.checker import check_paths, check_source


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _found(report, root: Path) -> list[tuple[str, int, str]]:
    return sorted((Path(f.file).relative_to(root).as_posix(), f.line, f.rule) for f in report.findings)


def _rules(code: str) -> list[tuple[int, str]]:
    return sorted((f.line, f.rule) for f in check_source(code, "2.15", "sample.py"))


WEIGHT_NORM = "from torch.nn.utils import weight_norm\nimport torch.nn as nn\n"


@pytest.mark.parametrize("use, expected", [
    ("", []),  # imported, never read: importing the function does not warn on 2.15
    ("conv = weight_norm(nn.Conv1d(2, 2, 1))\n", [(1, "weight-norm-deprecated")]),
    ("layers = list(map(weight_norm, [nn.Linear(2, 2)]))\n", [(1, "weight-norm-deprecated")]),
    ("__all__ = ['weight_norm']\n", [(1, "weight-norm-deprecated")]),
    # DeepCFD's models: a flag parameter of the same name is all the functions read
    ("def unet(channels, weight_norm=True):\n    return build(channels, weight_norm)\n", []),
    ("def unet(channels, weight_norm=True):\n    return weight_norm\n\nconv = weight_norm(nn.Conv1d(2, 2, 1))\n",
     [(1, "weight-norm-deprecated")]),
    ("def wrap(conv, norm=weight_norm):\n    return norm(conv)\n", [(1, "weight-norm-deprecated")]),
])
def test_weight_norm_imported_by_name_is_a_finding_only_where_it_is_used(use, expected):
    assert _rules(WEIGHT_NORM + use) == expected


def test_weight_norm_imported_twice_as_alternatives_and_never_used_is_no_finding():
    code = ("import torch.nn as nn\ntry:\n    from torch.nn.utils import weight_norm\nexcept ImportError:\n"
            "    from torch.nn.utils.parametrizations import weight_norm\n")
    assert _rules(code) == []
    assert _rules(code + "conv = weight_norm(nn.Conv1d(2, 2, 1))\n") == [(3, "weight-norm-deprecated")]


def test_a_module_import_that_warns_stays_a_finding_unread():
    # torch.distributed.launch is a module: `from torch.distributed import launch` imports (runs) it
    assert _rules("from torch.distributed import launch\n") == [(1, "distributed-launch-module")]


# every name the import binds is rebound in the fallback: the file is still walked for its import statement
AMP = ("try:\n    from torch.cuda.amp import autocast, GradScaler, custom_fwd, custom_bwd\nexcept ImportError:\n"
       "    from contextlib import nullcontext\n    autocast = GradScaler = custom_fwd = custom_bwd = nullcontext\n")


def test_names_a_module_imports_for_others_are_findings_where_other_modules_use_them(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/utils/__init__.py": "",
        "pkg/utils/amp.py": AMP,
        # walked (imports torch): reads autocast and GradScaler; custom_bwd is imported and never used
        "pkg/engine.py": ("import torch\nfrom pkg.utils.amp import autocast, GradScaler, custom_bwd\n\n"
                          "def step(model, x):\n    scaler = GradScaler()\n    with autocast():\n"
                          "        return model(x)\n"),
        # skipped by the walk (no torch in it): the module imported, its attribute read
        "pkg/layers.py": "from .utils import amp\n\n@amp.custom_fwd(cast_inputs=None)\ndef forward(x):\n    return x\n",
    })
    assert _found(check_paths([tmp_path], "2.15"), tmp_path) == [
        ("pkg/utils/amp.py", 2, "cuda-amp-autocast"),
        ("pkg/utils/amp.py", 2, "cuda-amp-custom-fwd"),
        ("pkg/utils/amp.py", 2, "cuda-amp-grad-scaler"),
    ]


def test_names_nobody_uses_are_no_finding_and_a_package_init_hands_them_on(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/amp.py": AMP,
        "pkg/other.py": "import torch\nfrom pkg.amp import custom_bwd\nfrom pkg import amp\nprint(amp.GradScaler)\n",
    })
    assert _found(check_paths([tmp_path], "2.15"), tmp_path) == [("pkg/amp.py", 2, "cuda-amp-grad-scaler")]
    _write(tmp_path, {"pkg/__init__.py": "from .amp import custom_bwd\n"})
    assert _found(check_paths([tmp_path], "2.15"), tmp_path) == [
        ("pkg/amp.py", 2, "cuda-amp-custom-bwd"), ("pkg/amp.py", 2, "cuda-amp-grad-scaler")]


CONDITIONAL = ("import os\nif os.getenv('ENV_TYPE') == 'deepspeed':\n    try:\n"
               "        from deepspeed.runtime.activation_checkpointing.checkpointing import checkpoint\n"
               "    except ImportError:\n        from torch.utils.checkpoint import checkpoint\nelse:\n"
               "    from torch.utils.checkpoint import checkpoint\n\n\ndef run(block, x):\n"
               "    return checkpoint(block, x)\n")


def test_a_call_of_a_name_torch_or_a_conditional_drop_in_binds_is_checked_as_torchs():
    assert _rules(CONDITIONAL) == [(12, "checkpoint-without-use-reentrant")]
    fallback = ("try:\n    from deepspeed.checkpointing import checkpoint\nexcept ImportError:\n"
                "    from torch.utils.checkpoint import checkpoint\n\n\ndef run(block, x):\n"
                "    return checkpoint(block, x)\n")
    assert _rules(fallback) == [(8, "checkpoint-without-use-reentrant")]


@pytest.mark.parametrize("other", [
    "from deepspeed.checkpointing import checkpoint\n",  # unconditional: which one runs is not known
    "if flag:\n    from deepspeed.checkpointing import ckpt as checkpoint\n",  # another name, renamed
    "if flag:\n    import deepspeed.checkpointing as checkpoint\n",  # a module, not a drop-in function
    "if flag:\n    checkpoint = make_checkpoint()\n",  # rebound to something else
])
def test_a_name_bound_otherwise_too_is_not_guessed_at(other):
    code = ("if not flag:\n    from torch.utils.checkpoint import checkpoint\n" + other
            + "\n\ndef run(block, x):\n    return checkpoint(block, x)\n")
    assert _rules(code) == []


def test_a_name_a_package_init_star_imports_is_a_finding_only_where_a_module_takes_it_from_the_package(tmp_path):
    # `import torch.nn.utils.weight_norm as weight_norm` binds the function (the package's attribute), as the
    # from-import does; the package's __init__.py star-imports the module that never reads it
    _write(tmp_path, {
        "models/__init__.py": "from models.resnet import *\n",
        "models/resnet.py": "import torch\nimport torch.nn.utils.weight_norm as weight_norm\nimport torch.nn as nn\n",
        "train.py": "import torch\nfrom models import resnet\n",
    })
    assert _found(check_paths([tmp_path], "2.15"), tmp_path) == []
    _write(tmp_path, {"train.py": "import torch\nfrom models import weight_norm\n\nlayer = weight_norm(torch.nn.Linear(2, 2))\n"})
    assert _found(check_paths([tmp_path], "2.15"), tmp_path) == [("models/resnet.py", 2, "weight-norm-deprecated")]


def test_a_deprecated_class_named_only_in_annotations_is_no_finding():
    # kronfluence's dot_product.py types its parameter with the class other modules build: naming it constructs nothing
    code = "from torch.cuda.amp import GradScaler\n\ndef step(loss, scaler: GradScaler) -> GradScaler:\n    return scaler\n"
    assert _rules(code) == []
    assert _rules(code + "scaler = GradScaler()\n") == [(1, "cuda-amp-grad-scaler")]
