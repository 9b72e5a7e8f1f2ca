"""The web page for people: search, read a section, see what changed, check code.

Server-rendered HTML (Jinja2) over the same SearchEngine and checker as the other transports,
with a little JavaScript for live results; no framework, no build step, nothing fetched from
outside the machine. ``app.include_router(build_web_router(engine))`` adds it to the HTTP app.
"""

from .routes import build_web_router

__all__ = ["build_web_router"]
