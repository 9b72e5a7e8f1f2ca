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

from ..parsing import parse_expression
from .ckptfile import file_name
from .imports import dotted_name

# ``.NAME =`` (not ``==``): where to look; the line must then be ``a.b.NAME = value`` from its start
_ATTRIBUTE_SET = re.compile(r"\.([A-Z][A-Z0-9_]*)[ \t]*=(?!=)")
_TARGET = re.compile(r"[ \t]*[A-Za-z_][\w.]*")


def constant_files(code: str) -> dict[str, set[str | None]]:
    """Upper-case attribute -> the file names its assignments in ``code`` spell (None for one spelling none)."""
    found: dict[str, set[str | None]] = {}
    for match in _ATTRIBUTE_SET.finditer(code):
        start = code.rfind("\n", 0, match.start()) + 1
        if _TARGET.fullmatch(code, start, match.start()) is None:
            continue  # not a statement of its own: ``f(x.NAME=1)``, ``if a.NAME == b``
        end = code.find("\n", match.end())
        end = len(code) if end < 0 else end
        text = code[match.end():end]
        if text.rstrip().endswith("\\"):  # one backslash continuation
            following = code.find("\n", end + 1)
            text = text.rstrip()[:-1] + " " + code[end + 1:len(code) if following < 0 else following]
        try:
            value = parse_expression(text.strip())
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
