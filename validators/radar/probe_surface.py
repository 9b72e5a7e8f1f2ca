"""Record the surface of the modules people use in this interpreter's torch build, as one compact JSON file.

Standard library only, run as a script by the interpreter under test (it has torch but not torchpatch):

    python probe_surface.py OUT.json

Unlike ``probe_collect.py`` (every public module, for a live two-build diff), this walks a fixed
list of modules (``SURFACE_MODULES``) and writes what ``surfaces/torch-X.Y.json`` stores: for each
public callable, class and class member, its parameters with defaults, the deprecation and removal
messages its source can emit (category and text), whether it always raises, and where a re-export
points. No docstrings, no signature text: the file stays small and diffs line by line.
"""

from __future__ import annotations

import importlib
import os
import sys
import warnings

import probe_describe  # noqa: E402  (siblings: found through sys.path[0], the script's folder)
import probe_record

del sys.path[0]  # the folder also holds torchpatch modules that must not shadow anything torch imports

# The modules the surface ledger holds each release to (issue: "the modules people use").
SURFACE_MODULES = (
    "torch", "torch.nn", "torch.nn.functional", "torch.nn.parallel", "torch.optim", "torch.optim.lr_scheduler",
    "torch.utils.data", "torch.utils.checkpoint", "torch.autograd", "torch.profiler",
    "torch.distributed", "torch.distributed.fsdp", "torch.distributed.tensor", "torch.distributed.tensor.parallel",
    "torch.distributed.checkpoint", "torch.distributed.checkpoint.state_dict", "torch.distributed.pipelining",
    "torch.export", "torch.compiler", "torch.library", "torch.amp", "torch.cuda", "torch.cuda.amp",
    "torch.accelerator", "torch.onnx", "torch.hub", "torch.serialization",
)


def main(argv: list[str]) -> None:
    out_path = argv[0]
    real_stdout = os.dup(1)
    os.dup2(2, 1)  # modules that print while importing must not corrupt anything
    record = collect()
    with open(out_path, "w", encoding="utf-8") as out:
        probe_record.write_record(record, out)
    os.close(real_stdout)
    sys.stderr.flush()
    os._exit(0)  # imported modules may have started threads that would keep us alive


def collect() -> dict:
    import torch

    surface = probe_describe.Surface("torch")
    if hasattr(torch, "Tensor"):  # first: its methods are described at torch.Tensor, not at torch.BoolTensor
        surface._add("torch.Tensor", torch.Tensor, "torch")
    modules: dict[str, str] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in SURFACE_MODULES:
            try:
                module = importlib.import_module(name)
            except BaseException as exc:  # noqa: BLE001  (a module may be absent or need an extra)
                modules[name] = f"{type(exc).__name__}: {' '.join(str(exc).split())[:160]}"
                continue
            modules[name] = "ok"
            surface.add_module(module, None)
    wanted = tuple(name + "." for name, state in modules.items() if state == "ok")
    apis = {path: probe_record.compact(entry) for path, entry in surface.apis.items()
            if path in modules or (path.startswith(wanted) and _owner(path, modules) is not None)}
    apis = probe_record.drop_legacy_tensor_members(apis)
    return {"format": probe_record.RECORD_FORMAT, "torch": torch.__version__.split("+")[0], "python": sys.version.split()[0],
            "modules": modules, "apis": apis}


def _owner(path: str, modules: dict) -> str | None:
    """The listed module a path was found in: the longest listed prefix."""
    parts = path.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        if ".".join(parts[:cut]) in modules:
            return ".".join(parts[:cut])
    return None


if __name__ == "__main__":
    main(sys.argv[1:])
