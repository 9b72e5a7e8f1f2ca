"""Which torch build an interpreter has, found without importing torch (a few tens of ms)."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import asdict, dataclass

from .errors import TorchpatchError
from .pin import is_pinned, pinned_torch

# Reads torch/version.py as text: importing torch would cost seconds on every (cached) run.
_PROBE = r"""
import importlib.util, json, platform, re
spec = importlib.util.find_spec("torch")
info = {"python": platform.python_version(), "torch": None}
if spec and spec.origin:
    import os
    text = open(os.path.join(os.path.dirname(spec.origin), "version.py")).read()
    def grab(name):
        m = re.search(r"^" + name + r"\s*(?::\s*[^=]+)?=\s*['\"]?([^'\"\n]*)['\"]?", text, re.M)
        return m.group(1) if m and m.group(1) != "None" else None
    info.update(torch=grab("__version__"), git_version=grab("git_version"), cuda=grab("cuda"))
print(json.dumps(info))
"""


@dataclass(frozen=True)
class TorchBuild:
    python_path: str
    python: str
    torch: str
    git_version: str | None
    cuda: str | None
    gpu_present: bool

    @property
    def device(self) -> str:
        return "cuda" if self.cuda and self.gpu_present else "cpu"

    @property
    def pinned(self) -> bool:
        return is_pinned(self.torch)

    @property
    def label(self) -> str:
        return f"torch {self.torch} ({self.device})"

    def as_dict(self) -> dict:
        return {**asdict(self), "device": self.device, "pinned": self.pinned, "pin": pinned_torch()}


def inspect_build(python: str) -> TorchBuild:
    try:
        out = subprocess.run([python, "-c", _PROBE], capture_output=True, text=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError) as exc:
        raise TorchpatchError(f"cannot run {python}: {exc}") from None
    info = json.loads(out.stdout)
    if not info.get("torch"):
        raise TorchpatchError(f"{python} has no torch installed")
    return TorchBuild(
        python_path=python,
        python=info["python"],
        torch=info["torch"],
        git_version=info.get("git_version"),
        cuda=info.get("cuda"),
        gpu_present=gpu_present(),
    )


def gpu_present() -> bool:
    """An NVIDIA device node exists (checked without touching CUDA, which would spoil later forks)."""
    return os.path.exists("/dev/nvidiactl") or os.path.exists("/dev/nvidia0")
