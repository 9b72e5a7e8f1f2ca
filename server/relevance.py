"""The relevance floor: whether anything in the references is close to a query at all.

Fused ranks always produce an order, so a query about nothing here (a typo storm, a cake recipe)
would still get ten confident-looking results. A query is close when its nearest section is similar
enough in the embedding space, or when it names something the references contain verbatim: an
identifier-like word (``weights_only``, ``FSDP2``, ``torch.load``), a bare API name given on its own
(``symeig``, the last part of ``torch.symeig``) or a long fragment of an error.
The threshold comes from the retrieval eval: every eval query clears it, nonsense does not
(bench/RESULTS.md, "Reading budget and relevance floor").
"""

from __future__ import annotations

import re

from .ranking import normalise

# Cosine similarity of the nearest section's vector. Measured: every eval query scores >= 0.34 or names an
# identifier the references hold; nonsense (cake recipes, keyboard mashing, the weather) scores <= 0.31.
MIN_SIMILARITY = 0.33
_IDENTIFIER = re.compile(r"[A-Za-z_][\w.]*[\w]")
_BARE_WORD = re.compile(r"[A-Za-z_]\w+")
NEAREST = 3


def is_close(query: str, similarity: float | None, corpus_words: set[str], verbatim: bool) -> bool:
    if similarity is None or verbatim:  # full-text-only mode has no similarity to judge by
        return True
    words = identifier_words(query)
    if _BARE_WORD.fullmatch(query.strip()):  # one plain word: an API looked up by its short name
        words.add(normalise(query))
    return similarity >= MIN_SIMILARITY or any(word in corpus_words for word in words)


def identifier_words(query: str) -> set[str]:
    """Words that look like code, not prose: with an underscore, a dot, a digit or inner capitals."""
    words = set()
    for word in _IDENTIFIER.findall(query):
        if "_" in word or "." in word or any(c.isdigit() for c in word) or any(c.isupper() for c in word[1:]):
            words.add(normalise(word))
    return words


def corpus_words(rows: dict[str, dict]) -> set[str]:
    """Every identifier-like word of every section and the last part of each API it names, normalised,
    for :func:`is_close`."""
    words = set()
    for row in rows.values():
        words |= identifier_words(row["text"])
        words |= {normalise(api) for api in row["apis"] or []}
        words |= {normalise(api.rsplit(".", 1)[-1]) for api in row["apis"] or []}
    return words


def suggestions(nearest: list[dict]) -> list[str]:
    tips = [
        "Name the API (torch.load, fully_shard, torch.compile) or paste the last line of the error message.",
        "List a release's changes instead: `torchpatch whats-new --from 2.9 --to 2.15` (MCP whats_new, "
        "HTTP /whats-new).",
    ]
    if nearest:
        tips.append("Nearest sections, though not close: " +
                    "; ".join(f"{row['heading']} ({row['id']})" for row in nearest[:NEAREST]))
    return tips
