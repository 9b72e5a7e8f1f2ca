"""Checkpoints written by a training library's runner, known by the library's own code.

mmengine's ``Runner.save_checkpoint`` (mmengine/runner/runner.py) writes ``{"meta", "message_hub", "state_dict",
"optimizer", "param_schedulers"}``; its ``message_hub`` is ``MessageHub.state_dict()``, whose ``log_scalars`` keep
``mmengine.logging.history_buffer.HistoryBuffer`` objects for every logged scalar (the loss, the learning rate,
the iteration time). ``weights_only=True`` refuses them: "Unsupported global: GLOBAL
mmengine.logging.history_buffer.HistoryBuffer" (checked on torch 2.15 with mmengine 0.10.7).

A project trains with that runner when one of its files imports it (``from mmengine.runner import Runner``) or
builds one (``Runner.from_cfg(cfg)``). There, a script that loads a checkpoint, drops keys from it
(``ckpt.pop(k)`` for the keys not kept, or ``del ckpt["optimizer"]``) and torch.save()s the rest (OpenMMLab's ``publish_model.py``: keep ``meta`` and
``state_dict``) reads a training checkpoint of that runner, and so does a load that reads ``message_hub``.

DeepSpeed's ZeRO optimizer files (``*_optim_states.pt``) keep ``{"optimizer_state_dict", "ds_config",
"ds_version"}``; the ZeRO optimizer's state dict holds its loss scaler object and ``param_slice_mappings`` of
``fragment_address`` dataclass instances (deepspeed/utils/tensor_fragment.py), classes weights_only refuses
("Unsupported global", as for any class it does not allow). In a project that imports deepspeed, a load that reads
``optimizer_state_dict`` and no key outside that layout reads one of those files.
"""

from __future__ import annotations

import re

# (patterns as text here: re compiles one when first asked, and most checks never ask)
_RUNNER_IMPORT = r"(?m)^[ \t]*from[ \t]+mmengine\.runner[ \t]+import[ \t][^\n]*\bRunner\b|\bRunner\.from_cfg\("
# the Runner's own keys, and ``ema_state_dict``, which mmengine's EMAHook adds in before_save_checkpoint
RUNNER_KEYS = frozenset({"meta", "message_hub", "state_dict", "optimizer", "param_schedulers", "ema_state_dict"})
# Entries only a training run needs: a script that drops one of them (``del ckpt["optimizer"]``, ``ckpt.pop(
# "message_hub")``) and saves the rest strips a training checkpoint for publishing.
TRAINING_STATE_KEYS = frozenset({"optimizer", "param_schedulers", "message_hub"})
REFUSED = "mmengine.logging.history_buffer.HistoryBuffer"


def trains_with_runner(code: str) -> bool:
    """The file imports or builds mmengine's Runner (found by text, so files that never name torch count)."""
    return "Runner" in code and re.search(_RUNNER_IMPORT, code) is not None


# The files mmengine's CheckpointHook writes into the work dir (``epoch_{N}.pth``, ``iter_{N}.pth``; mmengine 0.10
# hooks/checkpoint_hook.py ``filename_tmpl``), and the last one's ``last_checkpoint`` pointer names one of them.
_HOOK_FILE = r"(epoch|iter)_\d+\.pth"


def reads_runner_checkpoint(keys: frozenset[str], publishes: bool, file_name: str | None = None) -> str | None:
    """In a project that trains with the Runner: why this load reads one of its training checkpoints, or None."""
    if not keys <= RUNNER_KEYS:
        return None  # it reads a key the Runner never writes: some other file
    if "message_hub" in keys:
        return f"it reads 'message_hub' of an mmengine Runner checkpoint, which holds {REFUSED} objects"
    if file_name is not None and re.fullmatch(_HOOK_FILE, file_name):
        return (f"it reads {file_name}, a file the Runner's CheckpointHook names so; its 'message_hub' holds "
                f"{REFUSED} objects")
    if publishes:
        return ("it strips keys from a checkpoint and saves the rest, as publishing a checkpoint of the project's "
                f"mmengine Runner does; its 'message_hub' holds {REFUSED} objects")
    return None


DEEPSPEED_OPTIM_KEYS = frozenset({"optimizer_state_dict", "ds_config", "ds_version"})


def reads_deepspeed_optimizer(keys: frozenset[str]) -> str | None:
    """In a project that imports deepspeed: why this load reads a ZeRO optimizer-states file, or None."""
    if "optimizer_state_dict" in keys and keys <= DEEPSPEED_OPTIM_KEYS:
        return ("it reads 'optimizer_state_dict' of a DeepSpeed ZeRO optimizer-states file (the project imports "
                "deepspeed): it holds the loss scaler object and fragment_address instances in param_slice_mappings")
    return None


# SwissArmyTransformer (the ``sat`` package: sat/training/model_io.py, 0.4.12) trains through DeepSpeed, and its
# save_ds_checkpoint hands DeepSpeed a client_state holding ``np_rng_state = np.random.get_state()`` (a numpy array
# inside a tuple), which DeepSpeed writes into ``mp_rank_00_model_states.pt`` beside the module. weights_only=True
# refuses it: "Unsupported global: GLOBAL numpy._core.multiarray._reconstruct" (a replica on torch 2.15, numpy 2).
# A project trains with it when a file imports one of SAT's own modules (``from sat import mpu``,
# ``from sat.training.model_io import load_checkpoint``): a bare ``sat`` may be another package of that name.
_SAT_IMPORT = (r"(?m)^[ \t]*(?:from[ \t]+sat\.(?:mpu|training|model|helpers|arguments)\b[\w.]*[ \t]+import"
               r"|from[ \t]+sat[ \t]+import[ \t][^\n]*\bmpu\b)")
_DS_MODEL_STATES = r"mp_rank_\d+_model_states\.pt"


def trains_with_sat(code: str) -> bool:
    """The file imports one of SwissArmyTransformer's own modules (found by text)."""
    # (every file's text is asked: first the blank before ``sat`` that both forms need, "sat" alone is in "dataset";
    # then ``sat.`` of the one form or the ``mpu`` of the other, as English text has " sat" too)
    return (" sat" in code or "\tsat" in code) and ("sat." in code or "mpu" in code) and \
        re.search(_SAT_IMPORT, code) is not None


def reads_sat_checkpoint(file_name: str | None) -> str | None:
    """In a project that trains with SwissArmyTransformer: why a load of this file name reads one of its DeepSpeed
    training checkpoints, or None."""
    if file_name is None or re.fullmatch(_DS_MODEL_STATES, file_name) is None:
        return None
    return (f"it reads {file_name}, a DeepSpeed checkpoint SwissArmyTransformer's save_ds_checkpoint writes (the "
            "project imports sat) with np_rng_state = np.random.get_state(), a numpy array")
