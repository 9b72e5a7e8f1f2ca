"""Old-style autograd Functions that the project never calls as an instance: only ``.apply`` or an explicit
``.forward(...)``.

A ``Function`` subclass with an instance ``forward`` raises RuntimeError ("Legacy autograd function with non-static
forward method is deprecated") when an instance is called. ``MyFn.apply(x)`` calls ``forward`` on the class with the
context as its first argument, so a ``def forward(self, x)`` written for 0.3 still runs there (run on 2.15 with
``save_for_backward`` and a backward). ``DiceCoeff().forward(a, b)`` (the old Pytorch-UNet dice) runs the method as
a plain one: no RuntimeError, only the instantiation's own DeprecationWarning, which autograd-function-instantiated
reports at that call (run on 2.15). Only asked for a class about to be reported: a text search of the project's files,
cached per folder and name, like torchstores.py.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .torchstores import project_folder, python_texts


def never_called(filename: str | None, name: str) -> bool:
    """Whether ``filename``'s project runs ``name`` (``name.apply``, ``name().forward(...)``) and never otherwise builds
    an instance of it (a call of the class kept or called) nor subclasses it."""
    folder = project_folder(filename)
    return folder is not None and _folder_never_calls(folder, name)


@lru_cache(maxsize=256)
def _folder_never_calls(folder: str, name: str) -> bool:
    word = re.escape(name)
    applied = re.compile(rf"\b{word}\.apply\b")
    method_run = re.compile(rf"(?<![\w.]){word}\s*\(\s*\)\s*\.forward\s*\(")  # DiceCoeff().forward(a, b)
    built = re.compile(rf"(?<![\w.]){word}\s*\(|\(\s*(?:[\w.]+\s*,\s*)*{word}\s*[,)]")  # Fn(...) or class X(Fn)
    definition = re.compile(rf"\bclass\s+{word}\s*\(")
    runs = False
    for text in python_texts(folder):
        if text is None:
            return False  # not a project: nothing is assumed
        if name not in text:
            continue
        runs = runs or applied.search(text) is not None or method_run.search(text) is not None
        if built.search(method_run.sub("", definition.sub("", text))) is not None:
            return False
    return runs
