"""Fusion and boosts: weighted reciprocal-rank fusion of full-text and vector ranks, plus error text.

Identifiers get their weight in the full-text column, which repeats each section's declared API
names beside its breadcrumb. A pasted error message drowns in its own noise under BM25, so a long
fragment of it found verbatim in one or two sections lifts those sections above any fused rank.
A release the query asks about ("what changed in 2.14") lifts the sections of that release a little.
Weights come from the retrieval eval in tests/eval/: a flat boost for every section that declares
a named API (tried at several weights) scrambled the order among sections sharing that API.
"""

from __future__ import annotations

import re

from torchpatch.validators.markdown import Version
from torchpatch.validators.markdown.metadata import PART_LIMIT

RRF_K = 60
# Full-text ranks count double the vector ranks: the references are dense with the exact words agents
# type (API names, error text), and the eval in tests/eval/ scores this fusion best.
HYBRID_WEIGHTS = (1.0, 0.5)
ERROR_TEXT_BOOST = 0.03  # a long fragment of the query appears verbatim in the section
MAX_SHARING = 2  # a fragment found in more sections than this says nothing specific
MIN_FRAGMENT = 24
VERSION_BOOST = 0.006  # the section's change happened in a release the query names ("in 2.14")

_SPACE = re.compile(r"\s+")
_DIGITS = re.compile(r"\d+")
# "module 'torch.cuda.green_contexts' has no attribute 'SUPPORTED'", "cannot import name 'X' from 'torch.y'":
# the error names the API as two quoted parts; the section spells it as one dotted name.
_MISSING_NAME = re.compile(r"module '([\w.]+)' has no attribute '(\w+)'|cannot import name '(\w+)' from '([\w.]+)'")
_ESCAPE = re.compile(r"\\([^\w\s])")  # \( \. \[ in a match= pattern
# A release the query asks about: "changed in 2.14", "since PyTorch 2.9", "from 2.5 to 2.15". A
# version that only describes the user's install ("torch 2.15 requires", "2.15.0+cu132") is not one.
_RELEASE = re.compile(r"\b(?:in|since|from|to|after|before|until)\s+(?:(?:py)?torch\s+)?2\.(\d{1,2})(?![\w+]|\.\d+\+)",
                      re.IGNORECASE)
_CHECKLIST_HEADING = re.compile(r"^Upgrading to 2\.(\d{1,2})$")


def rrf(rankings: list[list[str]], weights: tuple[float, ...] | None = None) -> dict[str, float]:
    scores: dict[str, float] = {}
    for ranking, weight in zip(rankings, weights or (1.0,) * len(rankings)):
        for rank, item in enumerate(ranking):
            scores[item] = scores.get(item, 0.0) + weight / (RRF_K + rank + 1)
    return scores


def normalise(text: str) -> str:
    return _SPACE.sub(" ", text.replace("`", "")).strip().lower()


def error_form(text: str) -> str:
    """The form pasted errors and sections are compared in: a user's error carries their own sizes and
    numbers (``torch.Size([64])``) where the section shows its snippet's (``torch.Size([4])``), and a
    ``match=`` pattern escapes punctuation; so digit runs become 0 and regex escapes are dropped."""
    return _DIGITS.sub("0", _ESCAPE.sub(r"\1", normalise(text)))


def fragments(query: str) -> list[str]:
    """Pieces of a pasted error worth finding verbatim: lines, and the parts around ': '."""
    pieces = set()
    for line in query.splitlines():
        line = error_form(line)
        pieces.add(line)
        pieces.update(part.strip() for part in re.split(r": |\. ", line))
    named = {f"{m[1]}.{m[2]}" if m[1] else f"{m[4]}.{m[3]}" for m in _MISSING_NAME.finditer(error_form(query))}
    return [p for p in pieces if len(p) >= MIN_FRAGMENT] + sorted(named)


def error_text_boosts(query: str, rows: dict[str, dict]) -> dict[str, float]:
    """Boost the sections that contain the most specific verbatim fragment of a pasted error."""
    best: list[str] = []
    for fragment in fragments(query):
        found = [section_id for section_id, row in rows.items() if fragment in row["_norm"]]
        if found and (not best or len(found) < len(best)):
            best = found
    if not best or len(best) > MAX_SHARING:
        return {}
    return {section_id: ERROR_TEXT_BOOST / len(best) for section_id in best}


def release_keys(query: str) -> set[int]:
    """The releases a query names, as the index's version sort keys (2.14 -> 2014000)."""
    return {_release(minor) for minor in _RELEASE.findall(query)}


def _release(minor: str) -> int:
    return Version(2, int(minor)).sort_key


def version_boosts(query: str, rows: dict[str, dict]) -> dict[str, float]:
    """Lift the sections whose change came in a release the query names, and that release's
    checklist: BM25 sees "2.14" as two common tokens, so the version alone does not rank."""
    wanted = release_keys(query)
    if not wanted:
        return {}
    boosts = {}
    for section_id, row in rows.items():
        keys = {row[key] // PART_LIMIT * PART_LIMIT for key in ("since", "default", "deprecated", "removed") if row[key]}  # patch dropped
        checklist = _CHECKLIST_HEADING.match(row["heading"] or "")
        if checklist:
            keys.add(_release(checklist[1]))
        if keys & wanted:
            boosts[section_id] = VERSION_BOOST
    return boosts


SHORT_QUERY_WORDS = 3  # "FSDP2", "DTensor", "torch.jit.script": names, not questions
GROUP_BOOST = 0.005  # the first section of a group whose heading names the query: its overview


def short_query_boosts(query: str, rows: dict[str, dict]) -> dict[str, float]:
    """For a query of one to three words, lift the first section under a group heading that names it
    (the overview: "FSDP2" -> the first section of "FSDP2: fully_shard"). Full-text ranks alone put
    whichever section repeats the name most first. (A boost for sections declaring a named API was
    tried too: it lowered the short-query recall@1 from 0.89 to 0.82.)"""
    words = [normalise(word) for word in query.split()]
    if not words or len(words) > SHORT_QUERY_WORDS:
        return {}
    phrase = " ".join(words)
    first_in_group: dict[tuple[str, str], tuple[int, str]] = {}
    for section_id, row in rows.items():
        parts = (row["breadcrumb"] or "").split(" > ")
        if len(parts) == 3 and phrase in normalise(parts[1]):
            key = (row["reference"], parts[1])
            if key not in first_in_group or row["line"] < first_in_group[key][0]:
                first_in_group[key] = (row["line"], section_id)
    return {section_id: GROUP_BOOST for _, section_id in first_in_group.values()}
