"""setuptools' ``build_py`` plus the query encoder and the section vectors, for every wheel.

pyproject.toml registers this class (``[tool.setuptools.cmdclass]``), so ``pip install .``,
``pip wheel .``, ``pip install git+URL``, ``uv build`` and ``python -m build`` (sdist, then a
wheel from it) all run it. Editable installs skip it: a checkout reads the weights package instead.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent.parent


class BuildPyWithModel(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        dest = Path(self.build_lib) / "torchpatch" / "server" / "model"
        # A child process: the model code imports numpy, onnx and tokenizers, which setuptools need not load.
        subprocess.run([sys.executable, str(ROOT / "torchpatch_build" / "model.py"), str(ROOT), str(dest)], check=True)
