"""nnU-Net v2's training checkpoints, a layout known from the library's source.

``nnUNetTrainer.save_checkpoint`` (nnunetv2/training/nnUNetTrainer/nnUNetTrainer.py) writes ``checkpoint_final.pth``,
``checkpoint_best.pth`` and ``checkpoint_latest.pth`` into each ``fold_N`` folder as ``{"network_weights",
"optimizer_state", "grad_scaler_state", "logging", "_best_ema", "current_epoch", "init_args", "trainer_name",
"inference_allowed_mirroring_axes"}``. ``logging`` is the nnUNetLogger's lists of per-epoch values, among them
``np.mean(...)`` losses and the ``np.nanmean(...)`` pseudo dice, so the file holds ``np.float64`` scalars:
weights_only=True refuses it ("Unsupported global: GLOBAL numpy._core.multiarray.scalar" on torch 2.15), and
nnU-Net's own predictor loads it with ``weights_only=False``.

A project works with those files when a file imports ``nnunetv2`` (found by text); a load there reads one when
its path spells one of the three file names, or, spelling no file name, when it reads a key only that layout has
(``trainer_name``, ``init_args``, ``inference_allowed_mirroring_axes``, ``_best_ema``) and no key outside it.
For a load spelling no file name, a project that saves a dict holding every key the load reads but no
``logging`` (a converted copy, as MONAI's nnunet_bundle writes) is left to its own saves (project.py). A spelled
name decides even where the project writes that name too: it writes it for nnU-Net to read, into nnU-Net's
fold folders (MONAI's convert_monai_bundle_to_nnunet), and the trainer's own files remain what is read.
"""

from __future__ import annotations

import re

FILES = frozenset({"checkpoint_final.pth", "checkpoint_best.pth", "checkpoint_latest.pth"})
LAYOUT = frozenset({"network_weights", "optimizer_state", "grad_scaler_state", "logging", "_best_ema",
                    "current_epoch", "init_args", "trainer_name", "inference_allowed_mirroring_axes"})
_OWN_KEYS = frozenset({"trainer_name", "init_args", "inference_allowed_mirroring_axes", "_best_ema"})
# (text: re compiles it when first asked)
_IMPORT = r"(?m)^[ \t]*(?:from[ \t]+nnunetv2[\w.]*[ \t]+import|import[ \t]+nnunetv2\b)"


def imports_nnunet(code: str) -> bool:
    """The file imports nnU-Net v2 (at any indentation: MONAI imports it inside functions)."""
    return "nnunetv2" in code and re.search(_IMPORT, code) is not None


def reads_nnunet_checkpoint(file_name: str | None, keys: frozenset[str]) -> str | None:
    """Why a load in a project that imports nnunetv2 reads one of nnU-Net's training checkpoints, or None."""
    if file_name is not None and "*" not in file_name:  # not a numbered family (ckptfile.file_name): its keys decide
        if file_name not in FILES:
            return None
        what = f"it reads {file_name}"
    elif keys & _OWN_KEYS and keys <= LAYOUT:
        what = f"it reads {', '.join(repr(k) for k in sorted(keys & _OWN_KEYS))} of nnU-Net's training checkpoint"
    else:
        return None
    return (f"{what}, which nnU-Net v2's trainer writes (the project imports nnunetv2) with 'logging' holding "
            "np.mean/np.nanmean values, numpy float64 scalars")
