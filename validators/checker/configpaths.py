"""Files the project's config constants name: ``__C.MODEL.WRN38_CHECKPOINT = os.path.join(WEIGHTS, 'wider_resnet38.pth.tar')``.

A ``torch.load(cfg.MODEL.WRN38_CHECKPOINT)`` (or of a name bound to it) reads the file that constant names. When
every assignment of the constant in the project spells a file name out whole and no save of the project writes a
file of that name, the load reads a file the project does not write (published weights it downloads): the layouts
the project saves elsewhere are no evidence for it (project.py). Read from the text of every file, walked or not
(a ``config.py`` need not name torch); only lines assigning an upper-case attribute are parsed.
"""

from __future__ import annotations

import ast
import re

from .ckptfile import file_name
from .imports import dotted_name

# ``a.b.NAME = value`` at the start of a line, with one backslash continuation at most
_ASSIGNED = re.compile(r"^[ \t]*[A-Za-z_]\w*(?:\.\w+)*\.([A-Z][A-Z0-9_]*)[ \t]*=(?!=)[ \t]*((?:[^\n]*\\\n)?[^\n]*)$",
                       re.MULTILINE)


def constant_files(code: str) -> dict[str, set[str | None]]:
    """Upper-case attribute -> the file names its assignments in ``code`` spell (None for one spelling none)."""
    found: dict[str, set[str | None]] = {}
    if "." not in code:
        return found
    for match in _ASSIGNED.finditer(code):
        text = match.group(2).replace("\\\n", " ").strip()
        try:
            value = ast.parse(text, mode="eval").body
        except SyntaxError:
            value = None  # a value spread over more lines: it names no file we can read
        found.setdefault(match.group(1), set()).add(file_name(value) if value is not None else None)
    return found


def loaded_constant(path: ast.expr | None, bound: list[ast.expr]) -> str | None:
    """The upper-case attribute a load's path is (``cfg.MODEL.WRN38_CHECKPOINT``), directly or through the one value
    ``bound`` to the name it reads."""
    if isinstance(path, ast.Name) and len(bound) == 1:
        path = bound[0]
    if not isinstance(path, ast.Attribute) or not path.attr[:1].isupper() or not path.attr.isupper() or \
            dotted_name(path) is None or path.value.__class__ is ast.Name and path.value.id == "self":
        return None
    return path.attr
