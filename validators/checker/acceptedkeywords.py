"""The keyword arguments each public torch callable accepts on the build the checker ships data for.

``torch-keywords.json`` next to this file is made by ``validators/radar/keywords.py`` from the build itself
(signatures and the C stubs): qualified name -> the names a keyword may give, for every public function and
class that takes no ``**kwargs``. The rule of kind ``unknown-keyword`` (``keyword-not-accepted``) reports a
call that passes any other name: ``torch.split(t, split_size=2)`` is a TypeError there. The data is one
build's, so the rule says nothing for another target (a later build may have added the keyword, an earlier
one may lack one the data has).
"""

from __future__ import annotations

from difflib import get_close_matches
from functools import lru_cache
from pathlib import Path

from ..markdown import Version
from .datacopies import read_json

KEYWORDS_FILE = Path(__file__).with_name("torch-keywords.json")


class AcceptedKeywords:
    def __init__(self, keywords: dict[str, str], build: str | None):
        self._keywords = keywords  # kept as read: a name's set is made the first time a call asks for it
        self._sets: dict[str, frozenset[str]] = {}
        self.build = Version.parse(build) if build else None

    @classmethod
    def read(cls, path: str | Path = KEYWORDS_FILE) -> "AcceptedKeywords":
        data = read_json(Path(path))  # through a faster copy of the file (datacopies.py)
        return cls(data["keywords"], data.get("build"))

    def covers(self, target: Version) -> bool:
        """Whether the data was read from ``target``'s release (2.15.0 answers for a 2.15 target)."""
        return self.build is not None and (self.build.major, self.build.minor) == (target.major, target.minor)

    def accepted(self, qualified: str) -> frozenset[str] | None:
        """The keywords ``qualified`` accepts, or None when unknown (not public, or it takes ``**kwargs``)."""
        found = self._sets.get(qualified)
        if found is None:
            listed = self._keywords.get(qualified)
            if listed is None:
                return None
            found = self._sets[qualified] = frozenset(listed.split())
        return found

    def refused(self, qualified: str, names: list[str]) -> list[str]:
        """The ``names`` that ``qualified`` does not accept (empty when it accepts them all or is unknown)."""
        accepted = self.accepted(qualified)
        return [name for name in names if name not in accepted] if accepted is not None else []

    def nearest(self, qualified: str, name: str) -> str | None:
        """The accepted keyword most likely meant by ``name``: one that extends it or it extends (``means``:
        ``mean``; ``split_size``: ``split_size_or_sections``), else one with its first word (``retain_variables``:
        ``retain_graph``), else a close spelling; None when nothing is close."""
        accepted = sorted(self.accepted(qualified) or ())
        for found in ([other for other in accepted if other.startswith(name) or name.startswith(other)],
                      [other for other in accepted if other.split("_")[0] == name.split("_")[0]],
                      get_close_matches(name, accepted, n=1, cutoff=0.8)):
            if len(found) == 1:  # two candidates: a guess either way, so none
                return found[0]
        return None


@lru_cache(maxsize=1)
def shipped_keywords() -> AcceptedKeywords:
    """The shipped data; an empty one (nothing reported) when the file is missing."""
    try:
        return AcceptedKeywords.read()
    except (OSError, ValueError, KeyError):
        return AcceptedKeywords({}, None)
