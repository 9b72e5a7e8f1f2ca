"""Defer a package's ``__init__`` until something uses the package itself.

``import lancedb`` imports ``lance_namespace``, which takes a few model classes from the
generated REST client ``lance_namespace_urllib3_client``; that package's ``__init__`` also
imports every API module of the REST service (about a third of a cold ``torchpatch search``
on a quiet machine). A local table never talks to that service. With the package's
``__init__`` deferred, importing one of its submodules (``.models``) runs only that
submodule; the first attribute read from the package itself runs the ``__init__``, so
code that does use the client sees the whole package, just later.
"""

from __future__ import annotations

import importlib.util
import sys
import threading


def defer_package_init(name: str) -> None:
    """Register ``name`` in ``sys.modules`` with its ``__init__`` not yet run (no-op if imported
    already or not installed)."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return
    package = importlib.util.module_from_spec(spec)  # __path__ set: its submodules import normally
    lock = threading.Lock()

    def run_init(attribute: str):
        with lock:
            if package.__dict__.get("__getattr__") is run_init:
                del package.__getattr__
                spec.loader.exec_module(package)
        return object.__getattribute__(package, attribute)

    package.__getattr__ = run_init
    sys.modules[name] = package
