"""A file cache of the rules in force, so a `torchpatch check` run does not re-parse every reference.

Reading the rules means parsing all reference Markdown (about 0.4 s of CPU), several times what checking
a small tree costs. The rules (not the sections) are kept under ``$TORCHPATCH_HOME``, keyed by the
references folder and the size and modification time of each file the rules come from; any change
makes a new key. A cache that cannot be read or written is simply not used.

The rules are pickled: unpickling builds the ~240 frozen Rule objects in C, where reading them from JSON
and calling ``Rule(**fields)`` cost about a tenth of a check's start-up. The cache is torchpatch's own file in
the user's home, written and read by the same user, like the search index beside it; still, it is read the way
this project tells users to read checkpoints: an unpickler that builds nothing but Rule objects and the Versions
they hold (any other global, ``os.system`` in a planted file included, is refused and the cache ignored).
"""

from __future__ import annotations

import io
import json
import pickle
import zlib
from dataclasses import fields

from ..markdown import Version
from .rule import Rule
from .ruleset import RuleSet

# A new Rule field makes a new key: an old cache would hand back rules without it.
_FORMAT = (3, sorted(f.name for f in fields(Rule)))


def cache_path(key: tuple):
    """The file for ``key``. The name is a checksum of the key (zlib's: hashlib's import alone costs more than
    reading the rules); the file repeats the whole key, so two keys with one checksum only miss the cache."""
    from ..home import home_dir

    return home_dir() / "checker" / f"rules-{zlib.crc32(_key_text(key)):08x}.pickle"


class _RulesOnly(pickle.Unpickler):
    """Resolves two globals, the Rule and Version classes: beside them the cache holds only lists, tuples,
    frozensets, strings and numbers, which pickle writes without naming a global."""

    _ALLOWED = {(cls.__module__, cls.__qualname__): cls for cls in (Rule, Version)}

    def find_class(self, module: str, name: str):
        if (found := self._ALLOWED.get((module, name))) is not None:
            return found
        raise pickle.UnpicklingError(f"the rule cache may only hold rules, not {module}.{name}")


def read_cached(key: tuple) -> RuleSet | None:
    try:
        stored_key, rules = _RulesOnly(io.BytesIO(cache_path(key).read_bytes())).load()
    except Exception:  # unreadable, truncated or from an older layout: an unpickler fails in many ways
        return None
    if stored_key != _key_text(key) or not isinstance(rules, list) or not all(isinstance(r, Rule) for r in rules):
        return None
    return RuleSet(rules=rules, sections={})


def write_cached(key: tuple, rules: RuleSet) -> None:
    try:
        path = cache_path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(pickle.dumps((_key_text(key), rules.rules), protocol=pickle.HIGHEST_PROTOCOL))
        temporary.replace(path)  # whole or not at all: a parallel run never reads half a file
    except OSError:
        pass


def _key_text(key: tuple) -> bytes:
    return json.dumps([_FORMAT, key], default=str).encode()
