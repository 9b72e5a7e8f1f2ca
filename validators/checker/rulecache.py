"""A file cache of the rules in force, so a `torchpatch check` run does not re-parse every reference.

Reading the rules means parsing all reference Markdown (about 0.4 s of CPU), several times what checking
a small tree costs. The indexed rule set (not the sections) is kept pickled under ``$TORCHPATCH_HOME``:
unpickling it is one C-level pass, where JSON plus rebuilding each frozen Rule and the indexes cost about
a tenth of a small check's CPU. The key is the references folder, the size and modification time of each
file the rules come from, and the same for the modules whose code builds the rules or defines the pickled
classes (a changed class never meets an old pickle). The key is stored inside the file and compared on
reading; a cache that cannot be read, holds another key or is not a RuleSet is rebuilt, one that cannot be
written is simply not used.
"""

from __future__ import annotations

import os
import pickle
import zlib
from pathlib import Path

from .ruleset import RuleSet

_FORMAT = 3  # 2: JSON rules; 3: a pickled RuleSet with its key
# The modules whose code shapes what is pickled: the classes (Rule, RuleSet, Version) and the rule builders.
_CODE = ("rule.py", "ruleset.py", "rulefile.py", "metarules.py", "surfacerules.py", "objectaliases.py", "codes.py",
         "../markdown/metadata.py")


def cache_key(sources: tuple) -> tuple:
    """``sources`` (the references' and rule files' stats) with this format and the stats of the code above."""
    here = Path(__file__).parent
    code = tuple((name, (stat := (here / name).stat()).st_mtime_ns, stat.st_size) for name in _CODE)
    return (_FORMAT, code, sources)


def cache_path(key: tuple) -> Path:
    from ..home import home_dir

    return home_dir() / "checker" / f"rules-{zlib.crc32(repr(key).encode()):08x}.pickle"  # the key inside decides


def read_cached(key: tuple) -> RuleSet | None:
    try:
        stored, rules = pickle.loads(cache_path(key).read_bytes())
    except Exception:  # noqa: BLE001 - missing, truncated or foreign bytes, a class that moved: rebuild it
        return None
    return rules if stored == key and isinstance(rules, RuleSet) else None


def write_cached(key: tuple, rules: RuleSet) -> None:
    try:
        path = cache_path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")  # one per process: runs may overlap
        # what a cached run gets: the rules and their indexes, no sections, an empty name cache
        temporary.write_bytes(pickle.dumps((key, RuleSet(rules=rules.rules, sections={})), pickle.HIGHEST_PROTOCOL))
        temporary.replace(path)  # whole or not at all: a parallel run never reads half a file
    except OSError:
        pass
