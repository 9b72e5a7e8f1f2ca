"""Request and result shapes shared by the search core and its three transports.

They are pydantic models so that the MCP tools' output schemas and the HTTP
API's OpenAPI schema come from the same definitions the core returns.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

MAX_QUERY_CHARS = 2000
MAX_K = 50
SEARCH_MODES = ("hybrid", "fts", "vector")


class SearchRequest(BaseModel):
    query: str
    k: int = 5
    torch_version: str | None = None
    kind: str | None = None
    reference: str | None = None
    max_tokens: int | None = None
    mode: str = "hybrid"  # fts / vector exist for the retrieval eval


class DeviceRun(BaseModel):
    status: str = Field(description="passed, failed or skipped")
    date: str = Field(description="When it ran, YYYY-MM-DD")
    torch: str
    gpu: str | None = Field(default=None, description="The GPU's name, for cuda")


class Verification(BaseModel):
    """Whether the section's snippets ran, for its content as served (a content hash matches the record)."""

    status: str = Field(description="verified, failed, not-run, stale (changed since last validated), "
                                    "not-validated or no-snippet")
    torch: str | None = Field(default=None, description="The torch release they ran on, e.g. 2.15.0")
    devices: list[str] = Field(default_factory=list, description="Where it ran: cpu, cuda")
    runs: dict[str, DeviceRun | None] = Field(default_factory=dict,
                                              description="cpu / cuda -> that run, or null when not run there")
    date: str | None = None
    reason: str | None = Field(default=None, description="Why failed or stale: the failure's first line, or "
                                                         "'changed since last validated'")


class Hit(BaseModel):
    id: str = Field(description="Section id, for read_section: '<reference>#<anchor>'")
    reference: str
    heading: str
    breadcrumb: str
    file: str
    line: int
    kind: str | None = Field(description="breaking, deprecation, new, behaviour-change, known-bug or security")
    since: str | None
    default: str | None = Field(default=None, description="The release an opt-in change became the default")
    deprecated: str | None
    removed: str | None
    apis: list[str]
    sources: list[str] = Field(default_factory=list, description="Upstream record of the change: release "
                               "notes, docs page, issue or PR")
    verified: str = Field(description="Whether the section's code ran, e.g. "
                                      "'verified on torch 2.15.0: cpu 2026-12-02; cuda: not run'")
    verification: Verification | None = Field(default=None, description="The same, structured")
    summary: str
    text: str = Field(description="The whole section as Markdown, code included")
    score: float = 0.0
    applies: bool | None = Field(default=None, description="With torch_version: is the change in effect there?")
    truncated: bool = Field(default=False, description="The text was cut to fit max_tokens: read_section "
                                                       "gives the whole section")


class SearchResponse(BaseModel):
    query: str
    torch_version: str | None = None
    omitted: int = Field(default=0, description="Results left out to stay within max_tokens")
    results: list[Hit]
    close_match: bool = Field(default=True, description="False when nothing in the references is close to the "
                                                        "query: results is then empty and suggestions say what to try")
    suggestions: list[str] = Field(default_factory=list, description="What to try when nothing matched closely")


class ReferenceInfo(BaseModel):
    name: str
    title: str
    file: str
    sections: int
    kinds: dict[str, int] = Field(default_factory=dict)


class ReferenceList(BaseModel):
    references: list[ReferenceInfo]


class ChangeBrief(BaseModel):
    id: str
    heading: str
    reference: str
    kind: str | None
    since: str | None
    default: str | None = None
    deprecated: str | None
    removed: str | None
    apis: list[str]
    sources: list[str] = Field(default_factory=list)
    events: list[str] = Field(default_factory=list, description="What happens to it inside the asked range, "
                                                                "e.g. 'default 2.15'")
    summary: str
    verified: str
    verification: Verification | None = None


class WhatsNew(BaseModel):
    from_version: str
    to_version: str
    total: int
    groups: dict[str, list[ChangeBrief]] = Field(description="kind -> changes, breaking first")
