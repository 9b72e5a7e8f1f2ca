"""The HTTP API (FastAPI) and the streamable-HTTP MCP endpoint at ``/mcp/``, over one engine.

Routes parse and validate their parameters, call one core function, and map the
project's exceptions to one JSON error shape: ``{"error": {"type", "message"}}``.
"""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

from fastapi import Body, FastAPI, Query
from pydantic import BaseModel, Field

from .access import AccessPolicy, install_access
from .check_gate import CheckGate
from .http_errors import RequestLimits, install_error_handlers
from .mcp_server import build_mcp_server
from .mcp_sessions import bounded_streamable_http_app
from .models import MAX_K, MAX_QUERY_CHARS, Hit, ReferenceList, SearchRequest, SearchResponse, WhatsNew
from .search import SearchEngine
from .version import package_version
from .web import build_web_router
from .web.error_pages import HtmlErrorPages
from .web.routes import error_page as web_error_page

VERSION_PATTERN = r"^\d+\.\d+(\.\d+)?$"
MAX_CODE_CHARS = 500_000


class CheckRequest(BaseModel):
    code: str = Field(max_length=MAX_CODE_CHARS)
    torch_version: str | None = Field(default=None, pattern=VERSION_PATTERN)


class CheckResponse(BaseModel):
    findings: list[dict[str, Any]]
    count: int = Field(description="All findings, shown or not")
    truncated: bool = False
    omitted: int = Field(default=0, description="Findings left out to keep the answer small")


def create_app(engine: SearchEngine, skill_md: str | None = None, access: AccessPolicy | None = None) -> FastAPI:
    """``access``: tokens and the Host policy (`torchpatch serve` always passes one; see access.py)."""
    mcp = build_mcp_server(engine, skill_md)
    hosts = access.hosts if access is not None else None
    mcp_app, sessions = bounded_streamable_http_app(mcp, hosts.mcp_settings() if hosts is not None else None)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        async with sessions.run():
            yield

    app = FastAPI(title="torchpatch", version=package_version(), lifespan=lifespan,
                  description="Search verified notes on PyTorch 2.4 -> 2.15 changes.",
                  # FastAPI's /docs and /redoc load their scripts from a CDN: nothing here leaves the machine.
                  docs_url=None, redoc_url=None)

    app.state.mcp_sessions = sessions
    install_error_handlers(app)
    app.add_middleware(CheckGate)
    install_access(app, access)
    app.add_middleware(RequestLimits)  # sizes before anything else
    app.add_middleware(HtmlErrorPages, render=web_error_page)  # outermost: a browser sees its errors as pages

    @app.get("/search", response_model=SearchResponse)
    def search(
        q: Annotated[str, Query(min_length=1, max_length=MAX_QUERY_CHARS, description="query")],
        k: Annotated[int, Query(ge=1, le=MAX_K)] = 5,
        torch_version: Annotated[str | None, Query(pattern=VERSION_PATTERN)] = None,
        kind: str | None = None,
        reference: str | None = None,
        max_tokens: Annotated[int | None, Query(ge=1)] = None,
    ) -> SearchResponse:
        return engine.search(SearchRequest(query=q, k=k, torch_version=torch_version, kind=kind,
                                           reference=reference, max_tokens=max_tokens))

    @app.get("/sections/{section_id:path}", response_model=Hit)
    def section(section_id: str) -> Hit:
        """A section by id: ``/sections/<reference>%23<anchor>`` or, unencoded, ``/sections/<reference>/<anchor>``."""
        if "#" not in section_id and "/" in section_id:
            section_id = section_id.replace("/", "#", 1)  # '#' starts a URL fragment, so '/' may stand for it
        return engine.read_section(section_id)

    @app.get("/references", response_model=ReferenceList)
    def references() -> ReferenceList:
        return ReferenceList(references=engine.list_references())

    @app.get("/whats-new", response_model=WhatsNew)
    def whats_new(
        from_version: Annotated[str, Query(alias="from", pattern=VERSION_PATTERN)],
        to_version: Annotated[str, Query(alias="to", pattern=VERSION_PATTERN)] = "2.15",
    ) -> WhatsNew:
        return engine.whats_new(from_version, to_version)

    @app.post("/check", response_model=CheckResponse)
    def check(request: Annotated[CheckRequest, Body()]) -> CheckResponse:
        from torchpatch.validators.checker import check_bounded

        return CheckResponse(**check_bounded(request.code, request.torch_version).as_dict())

    @app.get("/healthz")
    def healthz() -> dict:
        """200 only when a search can be answered (both retrievals run); else 503 with the reason.
        ``"status": "degraded"`` (still 200): the index store cannot be reached, and this replica
        answers from the build it holds (``build``), which may be stale; ``reason`` says why."""
        sections = engine.health()
        state = engine.index_state()
        body = {"status": "degraded" if state.store_error else "ok", "sections": sections, "build": state.build_id}
        if state.store_error:
            body["reason"] = state.store_error
        return body

    app.include_router(build_web_router(engine))  # the HTML pages at /, /s/..., /changes, /check
    app.mount("/mcp", mcp_app)
    return app
