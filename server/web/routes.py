"""The web page's routes: a thin layer like the CLI, MCP and JSON API, over the same engine and checker.

Every route answers HTML, errors included: a :class:`PageRoute` turns the project's exceptions
(and any bug) into a readable page with the right status, never a stack trace or JSON.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from torchpatch.validators.errors import IndexUnavailable, InvalidInput, NotFound, TorchpatchError
from torchpatch.validators.pin import pinned_torch

from . import views
from .assets import CACHE_FOREVER, asset_url, assets
from .markdown_html import render_inline, section_url

log = logging.getLogger(__name__)
TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).resolve().parent / "templates"),
                        autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
TEMPLATES.globals.update(asset=asset_url, section_url=section_url, pinned_torch=pinned_torch)
TEMPLATES.filters["inline_markdown"] = lambda text: Markup(render_inline(text))
TEMPLATES.filters["title_query"] = views.title_query
# URL-encoding can triple a character. The app's RequestLimits answers bodies over 1 MB first (a
# browser gets it as a page: error_pages.py); the page's script stops a paste over the limit before it is sent.
MAX_FORM_BYTES = 2 * views.MAX_PAGE_CODE_CHARS * 3


def render(template: str, context: dict, status: int = 200, path: str = "") -> HTMLResponse:
    return HTMLResponse(TEMPLATES.get_template(template).render(path=path, **context), status_code=status)


def error_page(status: int, title: str, message: str, path: str = "", hint: tuple | None = None) -> HTMLResponse:
    return render("error.html", {"status": status, "title": title, "message": message, "hint": hint}, status, path)


class PageRoute(APIRoute):
    """Times each page (a Server-Timing header the browser can read) and maps errors to HTML."""

    def get_route_handler(self):
        handler = super().get_route_handler()

        async def page_handler(request: Request) -> Response:
            started = time.perf_counter()
            try:
                response = await handler(request)
            except NotFound as exc:
                response = error_page(404, "Not found", str(exc), request.url.path)
            except (InvalidInput, RequestValidationError) as exc:
                response = error_page(422, "That request cannot be answered", _message(exc), request.url.path)
            except IndexUnavailable as exc:
                response = error_page(503, "The search index is not ready", str(exc), request.url.path)
            except TorchpatchError as exc:
                response = error_page(400, "That request cannot be answered", str(exc), request.url.path)
            except HTTPException as exc:  # e.g. a malformed form body
                response = error_page(exc.status_code, "That request cannot be answered", str(exc.detail), request.url.path)
            except Exception:
                log.exception("page %s failed", request.url.path)
                response = error_page(500, "Something went wrong",
                                      "The server could not build this page. Reload, or go back to the search.",
                                      request.url.path)
            response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.1f}"
            return response

        return page_handler


def _message(exc: Exception) -> str:
    if isinstance(exc, RequestValidationError):
        return "; ".join(str(error.get("msg", error)) for error in exc.errors())
    return str(exc)


def build_web_router(engine) -> APIRouter:
    """Pages at ``/``, ``/s/<reference>/<anchor>``, ``/changes``, ``/check``, and their assets."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)
    chart_cache: dict = {}

    @router.get("/", response_class=HTMLResponse)
    def search(request: Request):
        page = views.search_page(engine, views.SearchForm.from_params(request.query_params))
        return render("search.html", page.context, page.status, "/")

    @router.get("/results", response_class=HTMLResponse)
    def results(request: Request):
        """The results part of ``/``, for the page's live search (same parameters, same engine call)."""
        page = views.search_page(engine, views.SearchForm.from_params(request.query_params), whole_page=False)
        return render("results.html", page.context, page.status, "/")

    @router.get("/s/{section_id:path}", response_class=HTMLResponse)
    def section(section_id: str, request: Request):
        page = views.section_page(engine, section_id, request.query_params)
        return render("section.html", page.context, page.status)

    @router.get("/changes", response_class=HTMLResponse)
    def changes(request: Request):
        page = views.changes_page(engine, views.chart_counts(engine, chart_cache), request.query_params)
        return render("changes.html", page.context, page.status, "/changes")

    @router.get("/check", response_class=HTMLResponse)
    async def check_form(request: Request):
        """The form; with ``?z=`` (a result's link) the check of the code it carries."""
        params = request.query_params
        version = (params.get("torch_version") or "").strip() or None
        if params.get("z"):
            return await checked(views.code_from_link(params["z"]), version)
        return render("check.html", views.check_page(views.EXAMPLE_CODE if params.get("example") else None), path="/check")

    @router.post("/check/run", response_class=HTMLResponse)
    async def check_run(request: Request):
        """The form posts here (``POST /check`` is the JSON API's) and is sent on to the result's own
        URL (303), which a reload, a bookmark or a shared link reproduces."""
        size = request.headers.get("content-length") or "0"
        if not size.isdigit() or int(size) > MAX_FORM_BYTES:
            message = views.too_large(f"a {int(size) // 1000:,} kB form" if size.isdigit() else "a form of unknown size")
            return render("check.html", views.check_page(message=message), 413, "/check")
        form = await request.form(max_files=0, max_fields=4)
        code, version = form.get("code"), (form.get("torch_version") or "").strip() or None
        code = code.replace("\r\n", "\n") if isinstance(code, str) else None  # browsers send a textarea's lines with CRLF
        message = views.validate_check_input(code)
        if message:
            return render("check.html", views.check_page(code, version, message=message), 422, "/check")
        link = views.result_link(code, version)
        if link is not None:
            return RedirectResponse(link, status_code=303)
        return await checked(code, version)  # too large for a link: the result is shown here, once

    async def checked(code: str, version: str | None) -> HTMLResponse:
        from torchpatch.validators.checker import check_bounded

        message = views.validate_check_input(code)
        if message:
            return render("check.html", views.check_page(code, version, message=message), 422, "/check")
        try:
            result = await run_in_threadpool(check_bounded, code, version)  # capped, as POST /check
        except InvalidInput as exc:
            return render("check.html", views.check_page(code, version, message=str(exc)), 422, "/check")
        return render("check.html", views.check_page(code, version, result.findings, link=views.result_link(code, version),
                                                     omitted=result.omitted), path="/check")

    @router.get("/static/{name}")
    def static(name: str):
        asset = assets().get(name)
        if asset is None:
            raise NotFound(f"no file {name!r} here")
        return Response(asset.body, media_type=asset.media_type, headers=CACHE_FOREVER)

    return router
