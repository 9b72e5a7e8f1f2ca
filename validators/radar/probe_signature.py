"""Parameters of a callable as ``[name, kind, default]`` lists: from ``inspect``, or from a C function's docstring.

Standard library only (runs inside the interpreter under test, see ``probe_collect.py``).
Annotations are dropped and memory addresses scrubbed from defaults, so two builds compare cleanly.
"""

from __future__ import annotations

import ast
import inspect
import re

PARAM_KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: "positional-only",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
    inspect.Parameter.VAR_POSITIONAL: "*args",
    inspect.Parameter.KEYWORD_ONLY: "keyword-only",
    inspect.Parameter.VAR_KEYWORD: "**kwargs",
}
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def signature(value, name: str, member: bool) -> dict:
    """``{"params": [...], "signature": text}``, ``{"signature": text}`` when unparseable, or ``{}``."""
    try:
        found = inspect.signature(value)
    except (TypeError, ValueError, RuntimeError, NameError, AttributeError):
        return _doc_signature(value, name)
    params = [_param(p) for p in found.parameters.values()]
    if member and params and params[0][0] in ("self", "cls"):
        params = params[1:]
    return {"params": params, "signature": ADDRESS.sub("", str(found))[:400]}


def _param(p: inspect.Parameter) -> list:
    default = None if p.default is inspect.Parameter.empty else ADDRESS.sub("", repr(p.default))[:80]
    return [p.name, PARAM_KINDS[p.kind], default]


def _doc_signature(value, name: str) -> dict:
    """C functions document their signature on the docstring's first lines: ``add(input, other, *, alpha=1)``."""
    doc = getattr(value, "__doc__", None)
    if not isinstance(doc, str):
        return {}
    for line in doc.strip().splitlines()[:6]:
        line = line.strip()
        if not line.startswith(name + "(") or ")" not in line:
            continue
        text = line[len(name) : line.rindex(")") + 1]
        if "->" in text:  # a return annotation after the closing parenthesis of the parameters
            text = text[: text.index("->")].rstrip()
        try:
            tree = ast.parse(f"def _f{text}: pass").body[0].args
        except SyntaxError:
            return {"signature": text}
        return {"params": _ast_params(tree), "signature": text, "from_doc": True}
    return {}


def _ast_params(args: ast.arguments) -> list:
    positional = [*args.posonlyargs, *args.args]
    defaults = [None] * (len(positional) - len(args.defaults)) + [ast.unparse(d) for d in args.defaults]
    params = [[a.arg, "positional-only" if i < len(args.posonlyargs) else "positional", d]
              for i, (a, d) in enumerate(zip(positional, defaults))]
    if args.vararg:
        params.append([args.vararg.arg, "*args", None])
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        params.append([a.arg, "keyword-only", ast.unparse(d) if d is not None else None])
    if args.kwarg:
        params.append([args.kwarg.arg, "**kwargs", None])
    return [p for p in params if p[0] != "self"]
