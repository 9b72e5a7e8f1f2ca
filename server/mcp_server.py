"""The MCP server: a thin shell over :class:`~.search.SearchEngine` and the code checker.

Each tool validates through the core, returns structured content (with the
output schema of its pydantic model) and a readable text beside it. Errors come
back as tool errors whose text tells the model what to do next.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from torchpatch.validators.errors import TorchpatchError

from . import render
from .models import MAX_QUERY_CHARS, Hit, ReferenceList, SearchRequest, SearchResponse, WhatsNew
from .search import MAX_ID_CHARS, SearchEngine
from .version import package_version

MAX_CODE_CHARS = 500_000  # as POST /check
SHORT = 40  # versions, kinds, reference names

READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
INSTRUCTIONS = (
    "Verified notes on PyTorch 2.4 -> 2.15 changes (removals, new defaults, new APIs), each with a version "
    "tag and whether its code ran on the pinned torch. Search before writing torch.compile, torch.export, "
    "FSDP2/DTensor, torch.load, custom-op or C++-extension code, and paste error messages as queries."
)


class CheckOutput(BaseModel):
    findings: list[dict[str, Any]]
    count: int = Field(description="All findings, shown or not")
    truncated: bool = False
    omitted: int = Field(default=0, description="Findings left out to keep the answer small")


def build_mcp_server(engine: SearchEngine, skill_md: str | None = None) -> MCPServer:
    server = MCPServer("torchpatch", instructions=INSTRUCTIONS, version=package_version())

    @server.tool(annotations=READ_ONLY)
    def search(
        query: Annotated[str, Field(max_length=MAX_QUERY_CHARS,
                                    description="An API name, a question, or a pasted error message")],
        k: Annotated[int, Field(ge=1, le=50, description="How many sections to return")] = 5,
        torch_version: Annotated[str | None, Field(max_length=SHORT, description="The torch the user runs, e.g. "
                                                   "2.9: results say whether each change applies there")] = None,
        kind: Annotated[str | None, Field(max_length=SHORT, description="breaking, deprecation, new, "
                                          "behaviour-change, known-bug or security")] = None,
        reference: Annotated[str | None, Field(max_length=SHORT * 2,
                                               description="Limit to one reference, see list_references")] = None,
        max_tokens: Annotated[int | None, Field(ge=1, description="Token budget: whole sections while they fit; "
                                                   "when none fits, the best one cut to fit")] = None,
    ) -> SearchResponse:
        """Find the reference sections on a PyTorch 2.4-2.15 change: exact API names and pasted error
        messages rank their section first. Each result has its version tags and verification status."""
        request = SearchRequest(query=query, k=k, torch_version=torch_version, kind=kind, reference=reference,
                                max_tokens=max_tokens)
        response = _call(engine.search, request)
        return _result(render.search_text(response), response)

    @server.tool(annotations=READ_ONLY)
    def read_section(id: Annotated[str, Field(max_length=MAX_ID_CHARS, description="A section id from search, "
                                               "e.g. 'migrations-and-security#...'")]) -> Hit:
        """Read one whole section by its id (from search or whats_new): Markdown with its code, version
        tags and verification status."""
        hit = _call(engine.read_section, id)
        return _result(render.section_text(hit), hit)

    @server.tool(annotations=READ_ONLY)
    def list_references() -> ReferenceList:
        """List the reference files with their section counts, to narrow a search with `reference`."""
        listing = ReferenceList(references=_call(engine.list_references))
        return _result(render.references_text(listing.references), listing)

    @server.tool(annotations=READ_ONLY)
    def whats_new(
        from_version: Annotated[str, Field(max_length=SHORT, description="The release upgraded from, e.g. 2.9")],
        to_version: Annotated[str, Field(max_length=SHORT, description="The release upgraded to, e.g. 2.15")] = "2.15",
    ) -> WhatsNew:
        """The changes after from_version up to to_version, grouped by kind, breaking first."""
        report = _call(engine.whats_new, from_version, to_version)
        return _result(render.whats_new_text(report), report)

    @server.tool(annotations=READ_ONLY)
    def check_code(
        code: Annotated[str, Field(max_length=MAX_CODE_CHARS,
                                   description="Python source using torch; it is parsed, never run")],
        torch_version: Annotated[str | None, Field(max_length=SHORT,
                                                   description="The torch the code targets, e.g. 2.15")] = None,
    ) -> CheckOutput:
        """Flag removed, renamed, deprecated or behaviour-changed PyTorch APIs in code, each with its
        line, the one-line fix and the section id to read."""
        from torchpatch.validators.checker import check_bounded

        checked = _call(check_bounded, code, torch_version)
        output = CheckOutput(**checked.as_dict())
        text = "\n".join(f"line {f['line']}:{f['column']} {f['api']}: {f['message']} Fix: {f['fix']} "
                         f"(read {f['section']})" for f in output.findings) or "No outdated PyTorch usage found."
        if checked.truncated:
            text += "\n" + checked.note()
        return _result(text, output)

    @server.resource("torchpatch://references/{name}", mime_type="text/markdown",
                     description="A whole reference file, by name (see list_references)")
    def reference_file(name: str) -> str:
        try:
            return engine.reference_text(name)
        except TorchpatchError as exc:  # an anticipated error: the client reads the message, no traceback
            raise ResourceNotFoundError(f"{exc} (as torchpatch://references/NAME)") from None

    if skill_md is not None:
        @server.resource("torchpatch://skill/SKILL.md", mime_type="text/markdown",
                         description="The Agent Skills entry point: the most costly mistakes and where to read")
        def skill() -> str:
            return skill_md

    return server


def _call(function, *args):
    try:
        return function(*args)
    except TorchpatchError as exc:
        raise ToolError(str(exc)) from None


def _result(text: str, model: BaseModel) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=model.model_dump(mode="json"))
