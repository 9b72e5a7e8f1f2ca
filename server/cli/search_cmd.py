"""``torchpatch index``, ``search``, ``whats-new`` and ``serve``: the retrieval commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import cli

MAX_STDIN_CHARS = 100_000  # far more than a query may hold: the core then says what the limit is

DB_OPTION = click.option("--db", "db_uri", metavar="URI", envvar="TORCHPATCH_DB",
                         help="LanceDB URI of the index (a folder, or object storage) [default: ~/.cache/torchpatch/index].")
REFS_OPTION = click.option("--references", type=click.Path(exists=True, file_okay=False, path_type=Path),
                           envvar="TORCHPATCH_REFERENCES", help="Folder of reference files [default: references/].")


def _engine(db_uri, references):
    from torchpatch.server.search import SearchEngine

    return SearchEngine(db_uri, references)


@cli.command()
@DB_OPTION
@REFS_OPTION
@click.option("--report", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A verification record to read besides the shipped one [default: this home's, from torchpatch validate].")
@click.option("--rebuild", is_flag=True, help="Re-embed every section instead of only the changed ones.")
@click.option("--reuse-vectors", metavar="URI",
              help="Another index (e.g. a local one) whose vectors of unchanged sections are reused, not re-embedded.")
def index(db_uri, references, report, rebuild, reuse_vectors):
    """Build or update the search index from the references (incremental by content hash)."""
    from torchpatch.server.index import build_index, default_db_uri, default_references

    from .progress import bar

    db_uri = db_uri or default_db_uri()
    try:
        with bar() as update:
            stats = build_index(references or default_references(), db_uri, report=report, rebuild=rebuild,
                                progress=update, reuse_vectors=reuse_vectors)
    except OSError as exc:  # a read-only or missing folder, a full disk
        raise click.ClickException(f"cannot write the index at {db_uri} ({exc.strerror or exc}): choose a "
                                   "writable folder with --db or TORCHPATCH_HOME") from None
    for problem in stats.problems:
        click.echo(f"malformed: {problem}", err=True)
    click.echo(f"{stats.sections} sections indexed: {stats.embedded} embedded, {stats.updated} written, "
               f"{stats.deleted} deleted" + (f"; build {stats.build_id} published" if stats.build_id else "; unchanged"))


@cli.command()
@click.argument("query")  # "-": read it from stdin, e.g. an error message piped in
@click.option("--k", "-k", type=click.IntRange(1, 50), default=5, show_default=True, help="Number of results.")
@click.option("--torch-version", metavar="V", help="The torch you run: says which changes apply there.")
@click.option("--kind", help="Only this kind (breaking, deprecation, new, behaviour-change, known-bug, security).")
@click.option("--reference", help="Only this reference file (by name).")
@click.option("--full", is_flag=True, help="Print whole sections instead of a summary line.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of result objects.")
@DB_OPTION
@REFS_OPTION
def search(query, k, torch_version, kind, reference, full, as_json, db_uri, references):
    """Search the references: an API name, a question, or a pasted error message (QUERY "-" reads stdin)."""
    from torchpatch.server.models import SearchRequest
    from torchpatch.server.render import search_text

    from torchpatch.server.pasted import decode_pasted, query_from_pasted

    if query == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise click.UsageError('QUERY "-" reads the query from stdin, but there is no stdin')
        query = query_from_pasted(decode_pasted(sys.stdin.buffer.read(MAX_STDIN_CHARS)))
    else:  # an argument that is not UTF-8 arrives with surrogate escapes, which no encoder takes
        query = decode_pasted(query.encode("utf-8", "surrogateescape"))
    response = _engine(db_uri, references).search(
        SearchRequest(query=query, k=k, torch_version=torch_version, kind=kind, reference=reference))
    if as_json:
        click.echo(json.dumps([hit.model_dump() for hit in response.results], indent=2))
    else:
        click.echo(search_text(response, full=full))


@cli.command("whats-new")
@click.option("--from", "from_version", required=True, metavar="V", help="The release you upgrade from.")
@click.option("--to", "to_version", default="2.15", show_default=True, metavar="V", help="The release you upgrade to.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@DB_OPTION
@REFS_OPTION
def whats_new(from_version, to_version, as_json, db_uri, references):
    """The changes between two releases, grouped by kind, breaking first."""
    from torchpatch.server.render import whats_new_text

    report = _engine(db_uri, references).whats_new(from_version, to_version)
    click.echo(report.model_dump_json(indent=2) if as_json else whats_new_text(report))


@cli.command()
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio: MCP over stdin/stdout; http: FastAPI (HTTP API + MCP at /mcp/).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; any but loopback needs API tokens (TORCHPATCH_API_TOKENS[_FILE]).")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@click.option("--public-name", "public_names", multiple=True, metavar="NAME[:PORT]",
              help="A name clients reach this server by (Host header), besides loopback and --host; repeatable "
                   "[env TORCHPATCH_PUBLIC_NAMES, comma-separated].")
@click.option("--insecure-no-auth", is_flag=True,
              help="Serve a non-loopback address without tokens: anyone who reaches the port can use it.")
@click.option("--token-rate", type=click.FloatRange(min=0.01), default=20.0, show_default=True,
              envvar="TORCHPATCH_TOKEN_RATE", help="Requests per second per token, per replica.")
@click.option("--token-burst", type=click.IntRange(min=1), default=200, show_default=True,
              envvar="TORCHPATCH_TOKEN_BURST", help="Requests a token may make at once before --token-rate applies.")
@DB_OPTION
@REFS_OPTION
def serve(transport, host, port, public_names, insecure_no_auth, token_rate, token_burst, db_uri, references):
    """Serve the references over MCP (stdio) or HTTP (API + streamable-HTTP MCP)."""
    from torchpatch.server.app import create_server_app, create_stdio_server

    if transport == "stdio":
        from torchpatch.server.mcp_stdio import run_stdio

        run_stdio(create_stdio_server(db_uri, references))
        return
    from torchpatch.server.access import AccessPolicy
    from torchpatch.server.auth import load_tokens
    from torchpatch.server.host_policy import HostPolicy, is_loopback, public_names_from_env
    from torchpatch.server.http_serve import serve as serve_http

    tokens = load_tokens()
    if not tokens and not is_loopback(host):
        if not insecure_no_auth:
            raise click.ClickException(
                f"refusing to serve {host} without API tokens: anyone who reaches the port could use it. Set "
                "TORCHPATCH_API_TOKENS (comma-separated) or TORCHPATCH_API_TOKENS_FILE, or pass --insecure-no-auth")
        click.echo(f"torchpatch: WARNING: serving {host} with no authentication (--insecure-no-auth)", err=True)
    names = [*public_names, *public_names_from_env()]
    access = AccessPolicy(tuple(tokens), HostPolicy.for_bind(host, names), token_rate, token_burst)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"torchpatch: HTTP API on http://{shown}:{port}/ and MCP on http://{shown}:{port}/mcp/"
               + (f" ({len(tokens)} API token(s) accepted)" if tokens else ""), err=True)
    serve_http(create_server_app(db_uri, references, access), host, port)
