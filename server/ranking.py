"""Fusion and boosts: reciprocal-rank fusion of full-text and vector ranks, plus exact-match signals.

BM25 splits ``torch.export.export_for_training`` into common words, and a pasted
traceback drowns in its own noise; so an exact API name, or a long fragment of an
error message found verbatim in a section, adds a boost larger than any fused rank.
"""

from __future__ import annotations

import re

RRF_K = 60
API_BOOST = 0.05  # the query names one of the section's declared APIs
TEXT_IDENTIFIER_BOOST = 0.008  # the identifier appears in the section's text
ERROR_TEXT_BOOST = 0.04  # a long fragment of the query appears verbatim in the section
MIN_FRAGMENT = 24

_IDENTIFIER = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+|[A-Za-z_]+_[\w]+")
_SPACE = re.compile(r"\s+")


def rrf(rankings: list[list[str]]) -> dict[str, float]:
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking):
            scores[item] = scores.get(item, 0.0) + 1.0 / (RRF_K + rank + 1)
    return scores


def identifiers(query: str) -> set[str]:
    """Dotted names and snake_case words in the query, e.g. ``torch.load``, ``weights_only``."""
    found = {m.group(0).strip(".") for m in _IDENTIFIER.finditer(query)}
    return {name for name in found if len(name) > 3}


def normalise(text: str) -> str:
    return _SPACE.sub(" ", text.replace("`", "")).strip().lower()


def fragments(query: str) -> list[str]:
    """Pieces of a pasted error worth finding verbatim: lines, and the parts around ': '."""
    pieces = set()
    for line in query.splitlines():
        line = normalise(line)
        pieces.add(line)
        pieces.update(part.strip() for part in re.split(r": |\. ", line))
    return [p for p in pieces if len(p) >= MIN_FRAGMENT]


def lexical_boost(query_ids: set[str], query_fragments: list[str], apis: list[str], text_norm: str) -> float:
    boost = 0.0
    api_set = set(apis)
    short_apis = {api.rsplit(".", 1)[-1] for api in apis}
    for name in query_ids:
        if name in api_set or any(api.endswith("." + name) for api in api_set):
            boost += API_BOOST
        elif name in short_apis:
            boost += API_BOOST / 2
        elif name.lower() in text_norm:
            boost += TEXT_IDENTIFIER_BOOST
    if any(fragment in text_norm for fragment in query_fragments):
        boost += ERROR_TEXT_BOOST
    return boost
