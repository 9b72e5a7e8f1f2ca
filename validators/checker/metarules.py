"""Rules derived from the references' own ``> meta:`` lines.

A section with ``removed=`` or ``deprecated=`` lists in ``api=`` both the old API and,
often, its replacement. The replacement is recognised from the section itself: an API
that one of its passing snippets (no ``raises=``, ``known-bug`` or ``skip``) uses is
current, so it is never flagged. ``[meta] not_flagged`` in check-rules.toml covers the
rest, and an API with an explicit rule keeps that rule's better message.
"""

from __future__ import annotations

import ast
from typing import Iterable

from ..markdown import Section
from .imports import ImportMap, dotted_name, is_torch_module
from .rule import Rule

_FLAGGED_KINDS = ("breaking", "deprecation", "security", "behaviour-change")


def rules_from_meta(sections: Iterable[Section], covered: set[str], not_flagged: frozenset[str]) -> list[Rule]:
    rules = []
    for section in sections:
        meta = section.meta
        if meta is None or meta.kind not in _FLAGGED_KINDS or not (meta.removed or meta.deprecated):
            continue
        current = _names_in_passing_snippets(section)
        for api in meta.apis:
            if not api.startswith("torch") or api in covered or api in not_flagged or _used(api, current):
                continue
            rules.extend(_rules_for(section, api))
    return rules


def _rules_for(section: Section, api: str) -> list[Rule]:
    meta = section.meta
    fix = f"read {section.id} for what to use instead"
    rules = []
    if meta.deprecated:
        rules.append(Rule(id=f"meta:{section.id}:{api}:deprecated", section=section.id, apis=(api,), kind="name",
                          version=meta.deprecated, origin="meta", fix=fix,
                          message=f"`{api}` is deprecated since torch {meta.deprecated}"))
    if meta.removed:
        rules.append(Rule(id=f"meta:{section.id}:{api}:removed", section=section.id, apis=(api,), kind="name",
                          version=meta.removed, origin="meta", fix=fix,
                          message=f"`{api}` was removed in torch {meta.removed}"))
    return rules


def _names_in_passing_snippets(section: Section) -> set[str]:
    names: set[str] = set()
    for snippet in section.snippets:
        markers = snippet.markers
        if snippet.language != "python" or markers.raises or markers.known_bug or markers.skip:
            continue
        names |= _torch_names("\n".join(s.code for s in (*snippet.setup_chain, snippet)))
    return names


def _torch_names(code: str) -> set[str]:
    """Qualified torch names a snippet reads *or assigns* (``torch.compiler.config.flag = ...`` is a use)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()  # the validator's static tier reports it
    imports = ImportMap.from_tree(tree)
    names = {f"{m}.{a.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for m in [node.module or ""] for a in node.names if is_torch_module(m)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Name)):
            dotted = dotted_name(node)
            qualified = imports.resolve(dotted) if dotted else None
            if qualified:
                names.add(qualified)
    return names


def _used(api: str, names: set[str]) -> bool:
    return any(name == api or name.startswith(api + ".") for name in names)
