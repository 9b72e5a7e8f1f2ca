"""Rules derived from the references' own ``> meta:`` lines.

A section's ``api=`` lists what the section is *about*: the old API, often its replacement,
sometimes a class whose one argument changed. So a section with ``removed=`` or
``deprecated=`` flags an API from its list only when all of these hold:

- the section's heading names it (``export_for_inference`` in "export_for_training and
  export_for_inference removed"; not ``custom_op`` in "Custom ops whose output aliases ...");
- none of the section's passing snippets (no ``raises=``, ``known-bug`` or ``skip``) uses it:
  an API the new way uses is current;
- ``[meta] not_flagged`` in check-rules.toml does not list it, and no explicit rule covers it
  (an explicit rule has the better message and fix).
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Iterable

from ..parsing import parse_python
from .imports import ImportMap, dotted_name, is_torch_module, walk_nodes, walk_tree
from .rule import Rule

if TYPE_CHECKING:  # the parser is loaded only when the rule cache is rebuilt
    from ..markdown import Section

_FLAGGED_KINDS = ("breaking", "deprecation", "security", "behaviour-change")


def rules_from_meta(sections: Iterable[Section], covered: set[str], not_flagged: frozenset[str],
                    taken: Iterable[str] = ()) -> list[Rule]:
    """``taken``: the explicit rules' ids, which a generated id must not repeat."""
    rules = []
    for section in sections:
        meta = section.meta
        if meta is None or meta.kind not in _FLAGGED_KINDS or not (meta.removed or meta.deprecated):
            continue
        current = _names_in_passing_snippets(section)
        for api in meta.apis:
            if (not api.startswith("torch") or api in covered or api in not_flagged or _used(api, current)
                    or not _named_in_heading(api, section.title)):
                continue
            rules.extend(_rules_for(section, api))
    return short_ids(rules, set(taken))


def short_ids(rules: list[Rule], taken: set[str]) -> list[Rule]:
    """Readable ids: ``definitely-true-removed`` for ``...symbolic_shapes.definitely_true`` (removed), with
    the owner's name in front (``green-context-set-context-deprecated``) only where two would collide."""
    def name(rule: Rule, parts: int) -> str:
        words = rule.apis[0].split(".")[-parts:]
        kebab = "-".join(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", w).strip("_").replace("_", "-").lower() for w in words)
        return f"{kebab}-{rule.id.rsplit(':', 1)[-1]}"

    parts = {id(rule): 1 for rule in rules}
    while True:
        ids = [name(rule, parts[id(rule)]) for rule in rules]
        clashing = {i for i, rule_id in enumerate(ids) if rule_id in taken or ids.count(rule_id) > 1}
        grown = [i for i in clashing if parts[id(rules[i])] < len(rules[i].apis[0].split("."))]
        if not grown:
            break
        for i in grown:
            parts[id(rules[i])] += 1
    return [replace(rule, id=rule_id) for rule, rule_id in zip(rules, ids)]


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
                          message=f"`{api}` was removed in torch {meta.removed}", severity="error"))
    return rules


def _names_in_passing_snippets(section: Section) -> set[str]:
    names: set[str] = set()
    for snippet in section.snippets:
        markers = snippet.markers
        if snippet.language != "python" or markers.raises or markers.known_bug or markers.skip:
            continue
        chain = [s.code for s in (*snippet.setup_chain, snippet) if s.language == "python"]
        names |= _torch_names("\n".join(chain))
    return names


def _torch_names(code: str) -> set[str]:
    """Qualified torch names a snippet reads *or assigns* (``torch.compiler.config.flag = ...`` is a use)."""
    try:
        tree = parse_python(code)
    except (SyntaxError, ValueError):
        return set()  # the validator's static tier reports it
    imports = ImportMap.from_tree(tree)
    names = {f"{m}.{a.name}" for node in walk_tree(tree) if isinstance(node, ast.ImportFrom)
             for m in [node.module or ""] for a in node.names if is_torch_module(m)}
    for node in walk_tree(tree):
        if isinstance(node, (ast.Attribute, ast.Name)):
            dotted = dotted_name(node)
            qualified = imports.resolve(dotted) if dotted else None
            if qualified:
                names.add(qualified)
    names |= _asserted_present(tree, imports)
    return names


def _asserted_present(tree: ast.AST, imports: ImportMap) -> set[str]:
    """``X.name`` for each ``hasattr(X, "name")`` a snippet asserts (not under ``not``) on a torch module or
    class: the build has it, so it is current (``assert hasattr(ce, "FileLock") and not hasattr(ce, "FileBaton")``
    keeps ``FileLock`` and says nothing of ``FileBaton``)."""
    found: set[str] = set()
    negated = {id(node.operand) for node in walk_tree(tree) if isinstance(node, ast.UnaryOp)
               and isinstance(node.op, ast.Not)}
    for node in walk_tree(tree):
        if not isinstance(node, ast.Assert):
            continue
        for call in walk_nodes(node.test):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "hasattr"
                    and len(call.args) == 2 and id(call) not in negated and isinstance(call.args[1], ast.Constant)
                    and isinstance(call.args[1].value, str)):
                dotted = dotted_name(call.args[0])
                qualified = imports.resolve(dotted) if dotted else None
                if qualified:
                    found.add(f"{qualified}.{call.args[1].value}")
    return found


def _named_in_heading(api: str, heading: str) -> bool:
    return api.rsplit(".", 1)[-1].lower() in re.findall(r"[a-z_][a-z0-9_]*", heading.lower())


def _used(api: str, names: set[str]) -> bool:
    return any(name == api or name.startswith(api + ".") for name in names)
