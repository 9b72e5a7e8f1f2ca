"""Torch names only listed in a table, never called where they are written.

``{torch: [torch.cholesky, torch.qr, ...], torch.Tensor: [torch.Tensor.lu, torch.Tensor.stft, ...]}`` holds
function objects. A name rule (kind ``name``) reports any use of its API, but for most of them the harm is in
the CALL: torch.cholesky raises RuntimeError and Tensor.lu warns only when called; reading the attribute does
neither (run on 2.15). So a table element is a finding only once the file is seen to call through the table
(tables.py with ``unread_counts=False``: a table exported to other modules is not evidence of a call).

Reading the name itself fails where the target lacks it: a name gone from the target (gone-names.json) or a
rule whose message says so (AttributeError, ImportError, ModuleNotFoundError, "no longer exists"). Those stay
findings wherever they are written: the table's own module fails to import.
"""

from __future__ import annotations

import re

from .rule import Rule

_READING_FAILS = re.compile(r"AttributeError|ImportError|ModuleNotFoundError|no longer exists?|\bha(?:s|ve) no\b")


def read_is_harmless(rule: Rule, gone: bool) -> bool:
    """Whether merely reading ``rule``'s API works on the target (``gone``: the target lacks the name)."""
    return rule.kind == "name" and not gone and not _READING_FAILS.search(rule.message)
