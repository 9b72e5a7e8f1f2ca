"""The oldest Lightning release a sub-project lets its users install, read from its requirement files.

Lightning 2.x writes a checkpoint of plain data: callback states under string keys, loop progress as numbers,
and ``hyper_parameters`` as ``dict(module.hparams)`` (an omegaconf container is kept as itself, with its type).
Such a file loads with ``weights_only=True`` unless the hyper-parameters hold objects: a replica of asteroid's
recipe checkpoints written by pytorch-lightning 2.6.6 loaded on torch 2.15 (round 8 of the judged trees). Older
releases keyed callback states by the callback class, which ``weights_only=True`` refuses: 1.4.9 still writes
``callback_states[type(callback)]``, and 1.5.0 ``callback_states[callback.state_key]`` (a string) with
``dict(model.hparams)`` (both read in their sources; Lightning-AI/pytorch-lightning#6886). So a project is taken to
write plain Lightning checkpoints of its own where it requires Lightning 1.5 or later, or pins a release before 0.7,
which kept no callback object at all (pinned_early_lightning); a bare ``pytorch-lightning`` or an older floor proves
nothing.

Where no requirement file says (a tree of sources only), the code can: the unified ``lightning`` package
(``import lightning``, ``from lightning.pytorch import Trainer``) first shipped with ``lightning.pytorch`` in
release 1.8, when callback states were already keyed by strings (``"ModelCheckpoint{'monitor': ...}"``), and
``pytorch_lightning.strategies`` (``DDPStrategy``) in 1.6, and ``pytorch_lightning.cli`` in 1.7. A
pytorch-lightning 1.9.5 checkpoint of a module with plain hyper-parameters, ModelCheckpoint, EarlyStopping and an
LR scheduler loads with ``weights_only=True`` on torch 2.15 (run for this module); ``pytorch_lightning`` imports
say nothing of the release, but a resume through ``trainer.fit(model, ckpt_path=path)`` does, for the file at that
path: ``fit`` took ``ckpt_path`` from 1.5 on (1.4.9's has none, and keys callback states by ``type(callback)``, a
class that weights_only refuses), and a pytorch-lightning 1.5.10 checkpoint of the same kind loads as well (run on
torch 2.15).
"""

from __future__ import annotations

import ast
import os
import re

_FILES = ("setup.py", "setup.cfg", "pyproject.toml", "environment.yml", "environment.yaml")
# (patterns as text: re compiles one when first asked, and most projects never name Lightning)
_NAME = r"(?i)(?<![\w.-])(?:pytorch[-_]lightning|lightning)(?![\w-])\s*(?:\[[^\]\n]*\])?\s*([^\n\"',;#]*)"
_FLOOR = r"(>=|==|~=|>|=)\s*(\d+)\.(\d+)"  # "=": a conda pin (environment.yml); text: re compiles it when first asked


def lightning_floor(root: str | None) -> tuple[int, int] | None:
    """The lowest Lightning version the requirement files at ``root`` allow, or None when they do not name
    Lightning or one of its mentions has no lower bound."""
    if root is None:
        return None
    floors: list[tuple[int, int]] = []
    for text in _requirement_texts(root):
        bounds = [re.search(_FLOOR, mention.group(1)) for mention in re.finditer(_NAME, text)]
        if bounds and not any(bounds):
            return None  # `pytorch-lightning` unpinned: any release, old ones included
        # a bare mention beside a bounded one in the same file (pyproject's extras repeating the main dependency)
        # adds no constraint: the file installs with its bound
        floors += [(int(bound.group(2)), int(bound.group(3))) for bound in bounds if bound is not None]
    return min(floors) if floors else None


def mentions_lightning(root: str | None) -> bool:
    """Some requirement file at ``root`` names Lightning at all (bounded or not)."""
    return root is not None and any(re.search(_NAME, text) for text in _requirement_texts(root))


def pinned_early_lightning(root: str | None, before: int = 7) -> bool:
    """Every mention of Lightning in the requirement files at ``root`` pins a 0.x release before 0.``before``
    (``pytorch_lightning==0.5.2``). Releases before 0.7 write a checkpoint of plain data: epoch, global_step, the
    checkpoint and early-stopping callbacks' numbers, optimizer and scheduler state dicts, the model's state dict and,
    from 0.6, ``vars(model.hparams)`` (read in the 0.5.2 and 0.6.0 sources: trainer_io.py / training_io.py
    ``dump_checkpoint``); no callback object is kept. Up to 0.9 the callbacks' states stay plain entries
    (``checkpoint_callback_best_model_score``, ``early_stop_callback_state_dict``; 0.10.0 keyed them by the callback
    class), but 0.8 and 0.9 keep ``model.hparams`` itself, a Lightning ``AttributeDict``, whenever the module has
    hyper-parameters (read in the 0.7.6, 0.8.5 and 0.9.0 sources): with ``before=10`` the caller asks that too."""
    if root is None:
        return False
    pins = [re.match(r"\s*==\s*0\.(\d+)\b", mention.group(1))
            for text in _requirement_texts(root) for mention in re.finditer(_NAME, text)]
    return bool(pins) and all(pin is not None and int(pin.group(1)) < before for pin in pins)


def _requirement_texts(root: str):
    names = [os.path.join(root, name) for name in _FILES]
    for folder in (root, os.path.join(root, "requirements")):
        try:
            names += [os.path.join(folder, entry) for entry in sorted(os.listdir(folder))
                      if entry.startswith("requirements") or folder.endswith("requirements") and entry.endswith(".txt")]
        except OSError:
            continue
    for name in names:
        try:
            with open(name, encoding="utf-8", errors="replace") as handle:
                yield handle.read(200_000)
        except OSError:
            continue


# Packages of pytorch_lightning first released after callback states were keyed by strings (1.5, see the module
# docstring): ``pytorch_lightning.strategies`` (``from pytorch_lightning.strategies import DDPStrategy``, or the dotted
# name in a config's ``"target"``), which Lightning-AI/pytorch-lightning#11120 made of the training-type plugins in
# 1.6, and ``pytorch_lightning.cli`` (``from pytorch_lightning.cli import LightningCLI``), where 1.7 moved the CLI
# from ``pytorch_lightning.utilities.cli`` (the 1.6.5 wheel has no ``pytorch_lightning/cli.py``, 1.7.0's has).
# strategies: 1.6; cli: 1.7; `from pytorch_lightning.tuner import Tuner`: 2.0 (the package exported nothing before,
# read in the 1.4.9-1.9.0 and 2.0.0 wheels)
_RECENT_PACKAGES = r"\bpytorch_lightning\.(?:strategies|cli)\b|\bfrom\s+pytorch_lightning\.tuner\s+import\s+Tuner\b"


def names_recent_lightning_package(code: str) -> bool:
    """The code names ``pytorch_lightning.strategies`` or ``pytorch_lightning.cli``, or imports ``Tuner`` from
    ``pytorch_lightning.tuner``: it runs on pytorch-lightning 1.6 or later."""
    # (every file's text is asked: the literal the pattern needs first, as the pattern's \b is tried at each position)
    return "pytorch_lightning." in code and re.search(_RECENT_PACKAGES, code) is not None


def checkpoint_callbacks(code: str) -> tuple[bool, bool]:
    """Whether the code builds a ``ModelCheckpoint(..., save_weights_only=True)``, and whether it writes a full
    Lightning checkpoint some other way: a ``ModelCheckpoint(...)`` without that keyword, or
    ``trainer.save_checkpoint(path)`` without ``weights_only=True``. A weights-only checkpoint has no callback states,
    in any release (``dump_checkpoint(weights_only=True)`` writes epoch, step, version, ``state_dict`` and the
    hyper-parameters: read in pytorch-lightning 1.2.5's and 2.x's sources), so its keys are plain whatever release
    wrote it."""
    if "ModelCheckpoint(" not in code and "save_checkpoint(" not in code:
        return False, False
    weights_only = full = False
    for name in ("ModelCheckpoint(", ".save_checkpoint("):
        start = code.find(name)
        while start != -1:
            arguments = _balanced(code, start + len(name))
            only = re.search(r"\b(?:save_)?weights_only\s*=\s*True\b", arguments) is not None
            weights_only, full = weights_only or only, full or not only
            start = code.find(name, start + len(name))
    return weights_only, full


def _balanced(code: str, start: int) -> str:
    """The text of a call's arguments from just after its opening parenthesis to the one closing it."""
    depth = 1
    for index in range(start, min(len(code), start + 2000)):
        depth += {"(": 1, ")": -1}.get(code[index], 0)
        if depth == 0:
            return code[start:index]
    return code[start:start + 2000]


def imports_unified_lightning(imported_packages: set[str]) -> bool:
    """The files import the unified ``lightning`` package (not ``pytorch_lightning``)."""
    return "lightning" in imported_packages


# ``.fit(`` with a ``ckpt_path=`` keyword among its arguments (one level of nested parentheses), then the value.
_FIT_RESUME = r"\.fit\((?:[^()]|\([^()]*\))*?\bckpt_path\s*=\s*"


def resumed_by_fit(code: str | None, path: ast.expr | None) -> bool:
    """The file hands this very path to ``trainer.fit(lit, ckpt_path=resume_from)``: the load reads the run's own
    checkpoint, which Lightning 1.5 or later wrote (see the module docstring). Other loads of such a project may read
    published checkpoints of older releases (stable-diffusion's), so only this one is known to be the project's."""
    if path is None or code is None or "ckpt_path" not in code:
        return False
    spelled = ast.unparse(path)
    return re.search(_FIT_RESUME + re.escape(spelled) + r"\s*[,)]", code) is not None
