# keyword dicts bound once at module level for the export calls of other modules: one keeps the TorchScript
# exporter where torch.onnx.export takes `dynamo` (a signature probe, true on 2.15), one through a module flag,
# one only on builds without the keyword, one filled later (unknown) and one bound twice (unknown)
import inspect
from typing import Any, Dict

import torch

LEGACY_EXPORT: Dict[str, Any] = (
    {"dynamo": False}
    if "dynamo" in inspect.signature(torch.onnx.export).parameters
    else {}
)

_HAS_DYNAMO_FLAG = "dynamo" in inspect.signature(torch.onnx.export).parameters
FLAGGED_EXPORT = dict(dynamo=False) if _HAS_DYNAMO_FLAG else {}

OLD_BUILDS_ONLY = {} if "dynamo" in inspect.signature(torch.onnx.export).parameters else {"dynamo": False}

FILLED_LATER = {}
FILLED_LATER["opset_version"] = 17

TWICE = {"dynamo": False}
TWICE = {}
