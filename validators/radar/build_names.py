"""Run a small probe under each torch build and record per build what it prints: the shared half of the
recorders of names a build has (eager_modules.py, private_names.py), which differ only in the probe."""

from __future__ import annotations

import json
import subprocess


def probe_build(python: str, probe: str) -> tuple[str, list]:
    """(the build's minor version "2.15", the list the probe printed as ``[torch.__version__, names]``)."""
    output = subprocess.run([python, "-c", probe], check=True, capture_output=True, text=True).stdout
    version, names = json.loads(output.strip().splitlines()[-1])
    return ".".join(version.split("+")[0].split(".")[:2]), names
