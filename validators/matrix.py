"""The version matrix: the same snippets on several builds, and what that says about ``since`` claims.

A section that says ``since=X`` claims its snippets cannot pass on a build older
than X; ``removed=X`` claims that its ``raises=`` snippets (showing the removal)
cannot pass before X. A pass on an older build contradicts the claim. A snippet marked
``any-version="why"`` shows the API but cannot tell the builds apart: it is no evidence either way.
"""

from __future__ import annotations

from dataclasses import dataclass

from .build import TorchBuild
from .markdown import Snippet, Version
from .results import PASSED, SnippetResult


@dataclass(frozen=True)
class ClaimCheck:
    snippet: str  # file:line
    section: str
    claim: str  # "since 2.14"
    build: str  # the torch version it was checked on
    verdict: str  # "contradicted" | "consistent"

    def as_dict(self) -> dict:
        return self.__dict__.copy()


def check_claims(snippets: list[Snippet], builds: list[TorchBuild],
                 results: dict[str, list[SnippetResult]]) -> list[ClaimCheck]:
    checks = []
    for build in builds:
        version = Version.parse(build.torch)
        for snippet, result in zip(snippets, results[build.python_path]):
            claim = _claim(snippet)
            if claim is None or version >= claim[1]:
                continue
            verdict = "contradicted" if result.status == PASSED else "consistent"
            checks.append(ClaimCheck(snippet.id, result.section, f"{claim[0]} {claim[1]}", build.torch, verdict))
    return checks


def _claim(snippet: Snippet) -> tuple[str, Version] | None:
    meta = snippet.section.meta if snippet.section else None
    if meta is None or snippet.markers.any_version:  # passes on older builds too, and says why
        return None
    if meta.since is not None and not snippet.markers.skip:
        return "since", meta.since
    if meta.removed is not None and snippet.markers.raises:
        return "removed", meta.removed
    return None
