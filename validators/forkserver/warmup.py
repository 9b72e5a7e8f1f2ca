"""The warm-up: import the compiler stack in the server and fill its pure per-process caches."""

from __future__ import annotations

import gc
import importlib
import os
import time
from contextlib import contextmanager

# What a compile snippet's child would otherwise import itself (2-3 s each time): the compiler
# stack and the C++ toolchain wrapper it loads kernels with. Imports only, checked to start no thread.
WARM_MODULES = (
    "torch._dynamo",
    "torch._inductor.compile_fx",
    "torch._inductor.codecache",
    "torch._inductor.graph",
    "torch._inductor.scheduler",
    "torch._inductor.codegen.cpp",
    "torch._inductor.codegen.cpp_wrapper_cpu",
    "torch._inductor.choices",
    "torch._functorch.aot_autograd",
    "torch.utils.cpp_extension",
    "torch.export",
)


class WarmUp:
    """Import the compiler stack here and fill its pure per-process caches, once for all children.

    A compile snippet's child then starts where a second compile in one interpreter would.
    Only imports and hashes of installed files: a compile, a thread or a device here would
    make every later child hang. It runs one step at a time, so the server forks other
    snippets in between. Each step is best effort (older builds lack some modules).

    Some steps ask torch whether CUDA is there (``import torch.utils.cpp_extension`` calls
    ``torch.cuda.is_available()``), and the default answer comes from cudaGetDeviceCount, which
    poisons fork: on a GPU machine every compile or CUDA snippet forked afterwards failed with
    "Cannot re-initialize CUDA in forked subprocess". So the steps run with torch's NVML-based
    check (``PYTORCH_NVML_BASED_CUDA_CHECK=1``, which does not poison) and with CUDA's lazy
    initialisation refused: a step that needs the device is skipped and its child does that part.
    """

    def __init__(self, job_id: str, enabled: bool = True):
        self.job_id = job_id
        self.started = time.monotonic()
        self.timings: dict[str, float] = {}
        self.skipped: list[str] = []  # steps that failed here (a module this build lacks, CUDA refused)
        self.steps = [(f"import {name}", lambda name=name: importlib.import_module(name)) for name in WARM_MODULES]
        self.steps += [("torch_key", lambda: _codecache().torch_key()),  # hashes of torch's and triton's
                       ("triton_key", lambda: _codecache().triton_key()),  # sources: in every FX-graph cache key
                       # The backend registry reads every installed distribution's entry points on first use.
                       ("backends", lambda: importlib.import_module("torch._dynamo.backends.registry")._lazy_import())]
        if not enabled:  # process isolation: children import for themselves, nothing to warm
            self.steps.clear()

    def step(self) -> bool:
        """Run the next step; False when none is left."""
        if not self.steps:
            return False
        name, action = self.steps.pop(0)
        start = time.monotonic()
        try:
            with _cuda_refused():
                action()
        except Exception:  # noqa: BLE001 - a missing piece only costs the children its time
            self.skipped.append(name)
            return True
        key = "imports" if name.startswith("import ") else name
        self.timings[key] = round(self.timings.get(key, 0.0) + time.monotonic() - start, 3)
        return True

    def report(self) -> dict:
        gc.freeze()
        import torch

        return {"timings": self.timings, "threads": len(os.listdir("/proc/self/task")), "skipped": self.skipped,
                "cuda_initialized": torch.cuda.is_initialized(),
                "duration_s": round(time.monotonic() - self.started, 3)}


NVML_CHECK = "PYTORCH_NVML_BASED_CUDA_CHECK"  # torch.cuda.is_available() without poisoning fork


class CudaRefused(RuntimeError):
    """Raised instead of initialising CUDA in the server: its forks could not use the device."""


@contextmanager
def _cuda_refused():
    """For the duration: availability asked of NVML, and torch.cuda._lazy_init raising (the C++ side
    looks the function up on torch.cuda too)."""
    import torch.cuda

    def refuse(*args, **kwargs):
        raise CudaRefused("the fork server's warm-up does not initialise CUDA")

    original, check = torch.cuda._lazy_init, os.environ.get(NVML_CHECK)
    torch.cuda._lazy_init, os.environ[NVML_CHECK] = refuse, "1"
    try:
        yield
    finally:
        torch.cuda._lazy_init = original
        if check is None:
            os.environ.pop(NVML_CHECK, None)
        else:
            os.environ[NVML_CHECK] = check


def _codecache():
    return importlib.import_module("torch._inductor.codecache")
