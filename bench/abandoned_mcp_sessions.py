"""Abandoned MCP sessions over streamable HTTP, then a fresh client.

    .venv/bin/python bench/abandoned_mcp_sessions.py [--sessions 1000]

Starts `torchpatch serve --transport http` on a free loopback port, opens that many MCP sessions
(initialize, then never used or closed, as a crashed or hostile client leaves them), then connects a
fresh SDK client that lists the tools and searches. Reports the open rate, the server's memory before
and after, and whether (and how fast) the fresh client got in.
"""

from __future__ import annotations

import argparse
import time

import anyio
import httpx
from mcp import Client

from bench_search import rss_mb
from load_http import http_server

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "x", "version": "1"}}}
HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=1000)
    args = parser.parse_args()
    with http_server() as (server, base):
        before = rss_mb(server.pid)
        refused = 0
        start = time.perf_counter()
        with httpx.Client(base_url=base, timeout=30) as http:
            for _ in range(args.sessions):
                response = http.post("/mcp/", json=INITIALIZE, headers=HEADERS)
                refused += response.status_code != 200
        opening = time.perf_counter() - start
        after = rss_mb(server.pid)

        async def fresh_client() -> tuple[int, int, float]:
            begin = time.perf_counter()
            async with Client(f"{base}/mcp/") as client:
                tools = await client.list_tools()
                found = await client.call_tool("search", {"query": "torch.load weights_only", "k": 3})
            return len(tools.tools), len(found.structured_content["results"]), time.perf_counter() - begin

        tools, hits, seconds = anyio.run(fresh_client)
        print(f"{args.sessions} abandoned sessions opened in {opening:.1f} s ({refused} refused); server RSS "
              f"{before:.0f} -> {rss_mb(server.pid):.0f} MB (after opening: {after:.0f} MB); fresh client: "
              f"{tools} tools, {hits} hits in {seconds * 1000:.0f} ms")


if __name__ == "__main__":
    main()
