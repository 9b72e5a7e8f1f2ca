"""The warm-up: import the compiler stack in the server and fill its pure per-process caches."""

from __future__ import annotations

import gc
import importlib
import os
import time

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
    """

    def __init__(self, job_id: str, enabled: bool = True):
        self.job_id = job_id
        self.started = time.monotonic()
        self.timings: dict[str, float] = {}
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
            action()
        except Exception:  # noqa: BLE001 - a missing piece only costs the children its time
            return True
        key = "imports" if name.startswith("import ") else name
        self.timings[key] = round(self.timings.get(key, 0.0) + time.monotonic() - start, 3)
        return True

    def report(self) -> dict:
        gc.freeze()
        return {"timings": self.timings, "threads": len(os.listdir("/proc/self/task")),
                "duration_s": round(time.monotonic() - self.started, 3)}


def _codecache():
    return importlib.import_module("torch._inductor.codecache")
