"""A file cache of the rules in force, so a `torchpatch check` run does not re-parse every reference.

Reading the rules means parsing all reference Markdown (about 0.4 s of CPU), several times what checking
a small tree costs. The rules (not the sections) are kept as JSON under ``$TORCHPATCH_HOME``, keyed by
the references folder and the size and modification time of each file the rules come from; any change
makes a new key. A cache that cannot be read or written is simply not used.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, fields

from ..markdown import Version
from .rule import Rule
from .ruleset import RuleSet

# JSON has no tuples: the fields declared as tuples become tuples again when read.
_TUPLES = {f.name for f in fields(Rule) if str(f.type).startswith("tuple")}
# A new Rule field makes a new key: an old cache would hand back rules without it.
_FORMAT = (2, sorted(f.name for f in fields(Rule)))
_FIELDS = frozenset(f.name for f in fields(Rule))  # once: every run reads ~200 rules


def cache_path(key: tuple):
    from ..home import home_dir

    digest = hashlib.sha256(json.dumps([_FORMAT, key], default=str).encode()).hexdigest()[:24]
    return home_dir() / "checker" / f"rules-{digest}.json"


def read_cached(key: tuple) -> RuleSet | None:
    try:
        data = json.loads(cache_path(key).read_text(encoding="utf-8"))
        return RuleSet(rules=[_rule(item) for item in data["rules"]], sections={})
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_cached(key: tuple, rules: RuleSet) -> None:
    try:
        path = cache_path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps({"rules": [_plain(rule) for rule in rules.rules]}), encoding="utf-8")
        temporary.replace(path)  # whole or not at all: a parallel run never reads half a file
    except OSError:
        pass


def _plain(rule: Rule) -> dict:
    data = asdict(rule)
    data["version"] = str(rule.version)
    return data


def _rule(data: dict) -> Rule:
    if not isinstance(data, dict) or data.keys() != _FIELDS:
        raise KeyError("stale cache layout")
    data = dict(data, version=Version.parse(data["version"]))
    for name in _TUPLES:
        data[name] = tuple(data[name])
    for name in ("argument", "value"):  # a str or a tuple of them
        if isinstance(data[name], list):
            data[name] = tuple(data[name])
    data["quiet_with"] = tuple(tuple(pair) for pair in data["quiet_with"])  # (keyword, literal) pairs
    data["positions"] = tuple((api, tuple(at)) for api, at in data["positions"])  # (api, positions) pairs
    return Rule(**data)
