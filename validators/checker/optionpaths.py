"""Files the project's command-line options name by default: ``parser.add_argument('--vocab_file',
default='../vocab/vocab.word&rel.pt')``.

A ``torch.load(args.vocab_file)`` reads, when the run passes nothing else, the file that option's default names.
Where every ``add_argument`` of that option in the project spells one file name out whole, and another file of the
project torch.save()s objects to a file of that name (a vocabulary script's ``torch.save(word_vocab,
'vocab.word&rel.pt')``), the load reads that file (project.py). Read from the text of every file, walked or not: an
``args.py`` that builds the parser need not name torch. Only the ``add_argument(...)`` calls are parsed.
"""

from __future__ import annotations

import ast
import re

from ..parsing import parse_expression
from .ckptfile import file_name
from .imports import dotted_name

_ADD_ARGUMENT = re.compile(r"\.add_argument\(")


def option_files(code: str) -> dict[str, set[str | None]]:
    """Option (its ``args`` attribute) -> the file names its defaults in ``code`` spell (None for one spelling none,
    or no default)."""
    found: dict[str, set[str | None]] = {}
    for match in _ADD_ARGUMENT.finditer(code):
        text = _call_text(code, match.end() - 1)
        if text is None:
            continue
        try:
            call = parse_expression("f" + text)
        except SyntaxError:
            continue
        if not isinstance(call, ast.Call) or (option := _option_name(call)) is None:
            continue
        default = next((keyword.value for keyword in call.keywords if keyword.arg == "default"), None)
        found.setdefault(option, set()).add(file_name(default) if isinstance(default, ast.Constant) else None)
    return found


def loaded_option(path: ast.expr | None, bound: list[ast.expr]) -> str | None:
    """The option a load's path is (``args.vocab_file``), directly or through the one value ``bound`` to the name it
    reads; not ``self.x`` and not an upper-case config constant (configpaths.py)."""
    if isinstance(path, ast.Name) and len(bound) == 1:
        path = bound[0]
    if not (isinstance(path, ast.Attribute) and isinstance(path.value, ast.Name)) or path.value.id == "self" or \
            path.attr.isupper() or dotted_name(path) is None:
        return None
    return path.attr


def _option_name(call: ast.Call) -> str | None:
    """``add_argument('-v', '--vocab-file', ...)`` -> ``vocab_file`` (``dest=`` where given)."""
    dest = next((keyword.value for keyword in call.keywords if keyword.arg == "dest"), None)
    if isinstance(dest, ast.Constant) and isinstance(dest.value, str):
        return dest.value
    flags = [arg.value for arg in call.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    long = next((flag for flag in flags if flag.startswith("--")), None) or next(iter(flags), None)
    if long is None:
        return None
    return long.lstrip("-").replace("-", "_") or None


def _call_text(code: str, start: int) -> str | None:
    """The parenthesised arguments from ``code[start]`` (an opening parenthesis) to its closing one, strings and
    comments skipped; None when it does not close within 2,000 characters."""
    depth, position, end = 0, start, min(len(code), start + 2000)
    while position < end:
        char = code[position]
        if char in "\"'":
            quote = code[position:position + 3] if code[position:position + 3] in ('"""', "'''") else char
            close = code.find(quote, position + len(quote))
            while close > 0 and code[close - 1] == "\\" and len(quote) == 1:
                close = code.find(quote, close + 1)
            if close < 0:
                return None
            position = close + len(quote)
            continue
        if char == "#":
            position = code.find("\n", position)
            if position < 0:
                return None
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return code[start:position + 1]
        position += 1
    return None
