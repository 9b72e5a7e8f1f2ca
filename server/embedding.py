"""Sentence embeddings with all-MiniLM-L6-v2; nothing here needs torch except the reference.

Three encoders give the same vectors (a test holds them to cosine >= 0.999):

* :class:`OnnxEncoder`: the encoder graph (see :mod:`.onnx_export`) on onnxruntime, 4-8x
  faster than numpy on one thread (5-13 ms a query). It embeds queries and, in batches,
  the sections of an install without sentence-transformers. A wheel ships its model.
* :class:`MiniLMEncoder`: the same BERT forward pass in numpy over the safetensors weights,
  the fallback where the weights are installed but no ONNX model is.
* :class:`SentenceTransformerEncoder`: the reference implementation (the ``embed`` extra),
  used to index when it is installed; importing it costs about 6 s.

The model files come from :mod:`.model_files`; nothing is downloaded.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from .model_files import (DIMENSION, MAX_TOKENS, MODEL_NAME, cached_onnx_path, load_tokenizer,  # noqa: F401
                          packaged_onnx_path, read_safetensors, weights_dir)

_LAYERS, _HEADS, _EPS = 6, 12, 1e-12


class MiniLMEncoder:
    """BERT (6 layers, 384 wide) + mean pooling + L2 normalisation, in float32."""

    def __init__(self, folder: Path | None = None):
        folder = folder or weights_dir()
        if folder is None:
            from torchpatch.validators.errors import IndexUnavailable

            from .model_files import missing_model_message

            raise IndexUnavailable(missing_model_message())
        self.tokenizer = load_tokenizer()
        self.w = read_safetensors(folder / "model.safetensors")
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

        self.model = SentenceTransformer(str(weights_dir()), device="cpu")
        self.model.max_seq_length = MAX_TOKENS

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.model.encode(texts, batch_size=16, normalize_embeddings=True, show_progress_bar=False,
                                 convert_to_numpy=True).astype(np.float32)


class OnnxEncoder:
    """The exported encoder graph on onnxruntime, fed by the same tokenizer as :class:`MiniLMEncoder`."""

    def __init__(self, model: Path, threads: int = 1):
        import onnxruntime

        self.tokenizer = load_tokenizer(model.parent)
        options = onnxruntime.SessionOptions()
        # One thread by default: on a 2-core machine a second one stalls against lancedb's FTS thread.
        # A build, which embeds every section and nothing else, uses them all.
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        self.session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.concatenate([self._encode_one(text) for text in texts]) if texts else np.zeros((0, DIMENSION), "f4")

    def encode_batch(self, texts: list[str]) -> np.ndarray:
        """Many texts in one run, padded to the longest (the graph masks the padding): for indexing."""
        encodings = self.tokenizer.encode_batch(texts)
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(texts), width), np.int64)
        mask = np.zeros_like(ids)
        for row, encoding in enumerate(encodings):
            ids[row, : len(encoding.ids)] = encoding.ids
            mask[row, : len(encoding.ids)] = 1
        (vectors,) = self.session.run(None, {"input_ids": ids, "attention_mask": mask})
        return vectors.astype(np.float32, copy=False)

    def _encode_one(self, text: str) -> np.ndarray:
        # One text per run, unpadded: queries come one at a time, and no padding means no mask arithmetic.
        ids = np.array([self.tokenizer.encode(text).ids], dtype=np.int64)
        (vector,) = self.session.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids)})
        return vector.astype(np.float32, copy=False)


@lru_cache(maxsize=1)
def query_encoder() -> MiniLMEncoder | OnnxEncoder:
    """The fastest encoder available: this home's optimised ONNX model, the wheel's, else numpy."""
    for model in dict.fromkeys((cached_onnx_path(), packaged_onnx_path())):
        if model.exists():
            try:
                return OnnxEncoder(model)
            except Exception:  # noqa: BLE001 - no onnxruntime, or a damaged cache: try the next one
                pass
    return MiniLMEncoder()


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
