"""The surface record's format: compact entries, one API per line. Standard library only, no side effects.

Imported by ``probe_surface.py`` inside the interpreter under test and by torchpatch itself, which
reads the records back (``surface_records.py``).
"""

from __future__ import annotations

import json
import re

RECORD_FORMAT = 1
_KINDS = {"positional-only": "/", "keyword-only": ":"}
# torch.FloatTensor, torch.cuda.HalfTensor, ...: legacy type objects whose methods are torch.Tensor's very methods
_LEGACY_TENSOR_TYPE = re.compile(r"^torch(\.cuda)?\.[A-Z][A-Za-z0-9]*Tensor$")


def compact(entry: dict) -> dict:
    """The probe's entry without what a record does not need (module, signature text)."""
    kept = {"kind": entry["kind"]}
    for key in ("alias_of", "home", "type", "raises", "deprecated", "warns"):
        if key in entry:
            kept[key] = entry[key]
    if "params" in entry:
        kept["params"] = [encode_param(p) for p in entry["params"]]
        if entry.get("from_doc"):
            kept["from_doc"] = True  # read off a C function's docstring: its text may change with no code change
    return kept


def encode_param(param: list) -> str:
    """``[name, kind, default]`` as one token: ``x``, ``x=1``, ``/x`` (positional-only), ``:x=None``
    (keyword-only), ``*args``, ``**kwargs``."""
    name, kind, default = param
    if kind == "*args":
        return "*" + name
    if kind == "**kwargs":
        return "**" + name
    return _KINDS.get(kind, "") + name + ("" if default is None else "=" + default)


def decode_param(token: str) -> list:
    """The inverse of encode_param."""
    if token.startswith("**"):
        return [token[2:], "**kwargs", None]
    if token.startswith("*"):
        return [token[1:], "*args", None]
    kind = "positional"
    if token[:1] in ("/", ":"):
        kind = "positional-only" if token[0] == "/" else "keyword-only"
        token = token[1:]
    name, sep, default = token.partition("=")
    return [name, kind, default if sep else None]


def drop_legacy_tensor_members(apis: dict) -> dict:
    """Keep torch.FloatTensor and friends as classes, without their ~570 copies of torch.Tensor's methods.

    A kept alias of a dropped member takes over its description (the first such path, sorted).
    """
    legacy = {p for p, e in apis.items() if e.get("kind") == "class" and _LEGACY_TENSOR_TYPE.match(p)
              and p != "torch.Tensor"}
    dropped = {p for p in apis if p.rpartition(".")[0] in legacy}
    kept = {p: dict(e) for p, e in apis.items() if p not in dropped}
    heirs: dict[str, str] = {}
    for path in sorted(kept):
        target = kept[path].get("alias_of")
        if target not in dropped:
            continue
        if target not in heirs:
            heirs[target] = path
            kept[path] = dict(apis[target])
        else:
            kept[path]["alias_of"] = heirs[target]
    return kept


def write_record(record: dict, out) -> None:
    """JSON with one API per line, sorted: a new build's file diffs line by line against the last one."""
    out.write("{\n")
    for key in ("format", "torch", "python", "modules"):
        out.write(f" {json.dumps(key)}: {json.dumps(record[key], sort_keys=True)},\n")
    out.write(' "apis": {\n')
    lines = [f"  {json.dumps(path)}: {json.dumps(entry, sort_keys=True, ensure_ascii=False)}"
             for path, entry in sorted(record["apis"].items())]
    out.write(",\n".join(lines))
    out.write("\n }\n}\n")
