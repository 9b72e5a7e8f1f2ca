"""Torch modules and names that a target build no longer has, while an older build did.

The data is ``gone-names.json`` next to this file, made from the builds' own sources by
``validators/radar/name_index.py``: qualified name -> "<last build that had it> <first build without it>",
plus public homes for the few that have one. A rule of kind ``gone`` (``torch-name-gone`` in
check-rules.toml) turns a lookup into a finding; the walker asks :meth:`GoneNames.lookup` for every
torch name it resolves, and the answer per name is cached, so a file costs one dict lookup per name
however large the index is.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ..markdown import Version
from .datacopies import read_json

GONE_FILE = Path(__file__).with_name("gone-names.json")


# A NamedTuple, not a frozen dataclass: the class is made at every start-up, where a dataclass's generated methods
# cost ~1 ms of CPU (several times a NamedTuple's); it is only built and read.
class Gone(NamedTuple):
    api: str  # the gone module or name: a prefix of what the code wrote
    last: str  # the last build checked that has it ("2.4")
    first_missing: Version  # the first build checked that lacks it
    home: str | None  # the public replacement, where one exists


class GoneNames:
    def __init__(self, entries: dict[str, str], homes: dict[str, str] | None = None,
                 aliases: dict[str, str] | None = None):
        """``entries``: qualified name -> "<last build that had it> <first build without it>" ("2.2 2.3");
        ``aliases``: old module -> the module the target gives in its place (``torch.distributed._shard.checkpoint``
        is ``torch.distributed.checkpoint``)."""
        self.aliases = dict(aliases or {})
        self._entries = entries  # kept as read: a build label is parsed only for a name some code uses
        self._releases: dict[str, Version] = {}
        self._homes = dict(homes or {})
        self._found: dict[str, tuple[Gone, ...]] = {}

    @classmethod
    def read(cls, path: str | Path = GONE_FILE) -> "GoneNames":
        data = read_json(Path(path))  # through a faster copy of the file (datacopies.py)
        return cls(data["gone"], data.get("homes"), data.get("aliases"))

    def __len__(self) -> int:
        return len(self._entries)

    def alias_in(self, qualified: str) -> tuple[str, str] | None:
        """(old module, the module it stands for) for the longest alias prefix of ``qualified``, or None."""
        end = len(qualified)
        while end > 0:
            other = self.aliases.get(qualified[:end])
            if other is not None:
                return qualified[:end], other
            end = qualified.rfind(".", 0, end)
        return None

    def lookup(self, qualified: str, target: Version) -> Gone | None:
        """The outermost gone module or name in ``qualified`` that ``target`` lacks, or None."""
        found = self._found.get(qualified)
        if found is None:
            found = self._found[qualified] = self._prefixes(qualified)
        key = target.sort_key
        return next((gone for gone in found if gone.first_missing.sort_key <= key), None)

    def _prefixes(self, qualified: str) -> tuple[Gone, ...]:
        found, start = [], qualified.find(".") + 1  # `torch` itself is never in the index
        while start:
            end = qualified.find(".", start)
            prefix = qualified if end < 0 else qualified[:end]
            entry = self._entries.get(prefix)
            if entry is not None:
                last, _, first = entry.partition(" ")
                release = self._releases.get(first) or self._releases.setdefault(first, Version.parse(first))
                found.append(Gone(prefix, last, release, self._home(qualified, prefix)))
            start = end + 1 if end >= 0 else 0
        return tuple(found)

    def _home(self, qualified: str, gone: str) -> str | None:
        """The most specific home: ``torch._six.inf`` has ``math.inf``, the rest of ``torch._six`` a list."""
        while len(qualified) >= len(gone):
            if qualified in self._homes:
                return self._homes[qualified]
            qualified = qualified.rpartition(".")[0]
        return None


@lru_cache(maxsize=1)
def shipped_gone_names() -> GoneNames:
    """The shipped index; an empty one when the file is missing (a partial checkout): nothing is flagged."""
    try:
        return GoneNames.read()
    except (OSError, ValueError, KeyError):
        return GoneNames({})
