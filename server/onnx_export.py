"""Export all-MiniLM-L6-v2 to ONNX once, so queries can run on onnxruntime.

The graph is the whole query encoder: BERT, mean pooling over the attention mask and L2
normalisation, from ``input_ids`` and ``attention_mask`` (batch and sequence dynamic) to a
unit ``embedding`` of 384 floats. It is built from the model folder shipped in site-packages
(nothing is downloaded) and cached under the torchpatch home as ``models/<name>.onnx``
with its weights in ``<name>.onnx.data``; without it, queries fall back
to the numpy encoder, which gives the same vectors more slowly.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from pathlib import Path

from torchpatch.validators.home import home_dir

OPSET = 17


def onnx_model_path() -> Path:
    from .embedding import MODEL_NAME

    return home_dir() / "models" / f"{MODEL_NAME}.onnx"


def ensure_onnx_model() -> Path | None:
    """The cached ONNX model, exported first when missing; None when it cannot be made here.

    Export needs torch, transformers and the ``onnx`` package (the legacy exporter serialises
    through it); a missing piece only costs speed, so it is not an error.
    """
    path = onnx_model_path()
    if path.exists():
        return path
    try:
        export_onnx_model(path)
    except Exception as exc:  # any failure leaves the numpy encoder in charge
        warnings.warn(f"query encoder stays on numpy: ONNX export failed ({exc})", stacklevel=2)
        return None
    return path


def export_onnx_model(path: Path) -> None:
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as transformers_logging

    from .embedding import model_dir

    transformers_logging.disable_progress_bar()  # the weights load in a blink; no bar in `torchpatch index`

    # Eager attention traces to plain ops; the SDPA path bakes Python branches into the trace.
    bert = AutoModel.from_pretrained(str(model_dir()), attn_implementation="eager").eval()
    model = _pooled_encoder(bert).eval()
    ids = torch.ones(2, 8, dtype=torch.long)
    mask = torch.ones(2, 8, dtype=torch.long)
    mask[1, 5:] = 0  # one padded row, so the mask's role in pooling is traced too
    dynamic = {"input_ids": {0: "batch", 1: "sequence"}, "attention_mask": {0: "batch", 1: "sequence"},
               "embedding": {0: "batch"}}
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".export-") as work:
        traced = os.path.join(work, "traced.onnx")
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer chatter about shapes that the test checks instead
            torch.onnx.export(model, (ids, mask), traced, input_names=["input_ids", "attention_mask"],
                              output_names=["embedding"], dynamic_axes=dynamic, opset_version=OPSET,
                              dynamo=False)
        _split_weights(traced, path, work)


def _split_weights(traced: str, path: Path, work: str) -> None:
    """Move the weights to ``<name>.data`` beside the graph, then publish both.

    onnxruntime maps external weights from disk instead of copying them out of the graph file:
    the session opens in about half the time and the process holds about 70 MB less.
    The graph is moved into place last, so a reader that finds it also finds its weights.
    """
    import onnx

    data_name = path.name + ".data"
    staged = os.path.join(work, path.name)
    onnx.save_model(onnx.load(traced), staged, save_as_external_data=True, all_tensors_to_one_file=True,
                    location=data_name, size_threshold=1024)
    for name in (data_name, path.name):
        os.chmod(os.path.join(work, name), 0o644)  # shared homes: other users may read the cache
        os.replace(os.path.join(work, name), path.parent / name)


def _pooled_encoder(bert):
    """What sentence-transformers computes for this model: mean of the unmasked tokens, unit length."""
    import torch

    class PooledEncoder(torch.nn.Module):  # defined here: torch is imported only when exporting
        def __init__(self):
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask):
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                               token_type_ids=torch.zeros_like(input_ids)).last_hidden_state
            weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2.0, dim=1)

    return PooledEncoder()
