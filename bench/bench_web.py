"""Web page timings in headless Chromium, and the README's screenshots.

    .venv/bin/python bench/bench_web.py [--runs 15] [--queries 40] [--screenshots docs/screenshots]

Screenshots: each view at 390 and 1280 px, light (``<view>-<width>.png``) and dark (``-dark.png``).

Serves the repository's references with uvicorn on loopback (as `make serve` does) and reads
the browser's own clocks: first contentful paint per view (Paint Timing), the live search from
the fetch to the results on screen (a `performance.measure` the page records), and the server's
time for each answer (its Server-Timing header). Uses $TORCHPATCH_HOME when set, else a
throwaway home (then the index is built first, which takes minutes on two cores).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("TORCHPATCH_HOME", tempfile.mkdtemp(prefix="torchpatch-bench-web-"))

from tests.eval.retrieval_eval import load_cases  # noqa: E402
from tests.test_web_browser import chromium, color_scheme, serve, set_viewport, wait_for  # noqa: E402
from torchpatch.server.http_app import create_app  # noqa: E402
from torchpatch.server.models import SearchRequest  # noqa: E402
from torchpatch.server.search import SearchEngine  # noqa: E402

WIDTHS = {"phone": (390, 844), "wide": (1280, 900)}
SCREENSHOT_HEIGHT_CAP = {"phone": 2200, "wide": 1500}
PAINT = """
const nav = performance.getEntriesByType('navigation')[0];
const paint = performance.getEntriesByName('first-contentful-paint')[0];
return {fcp: paint ? paint.startTime : null, response: nav.responseEnd - nav.startTime,
        server: (nav.serverTiming.find(t => t.name === 'app') || {}).duration, bytes: nav.transferSize};
"""
ONE_SEARCH = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const before = performance.getEntriesByName('search').length;
const q = document.getElementById('q');
q.value = query;
const typed = performance.now();
document.getElementById('search').requestSubmit();  // the same search() the debounced input runs
const poll = () => {
  const measures = performance.getEntriesByName('search');
  if (measures.length > before) {
    const fetches = performance.getEntriesByType('resource').filter(e => e.name.includes('/results'));
    const last = fetches[fetches.length - 1];
    done({shown: performance.now() - typed, fetch: last.duration,
          server: (last.serverTiming.find(t => t.name === 'app') || {}).duration});
  } else setTimeout(poll, 2);
};
poll();
"""


def views(engine: SearchEngine) -> dict[str, str]:
    section = engine.search(SearchRequest(query="torch.load weights_only default", k=1)).results[0].id
    return {
        "search": "/?q=torch.load+weights_only",
        "section": "/s/" + section.replace("#", "/"),
        "changes": "/changes?from=2.9&to=2.15",
        "check": "/check?example=1",
        "error": "/check/run",  # a bookmarked form post: the 405 page
    }


def first_paint(base: str, pages: dict[str, str], runs: int) -> dict[str, dict]:
    figures = {}
    with chromium(*WIDTHS["wide"]) as browser:
        for name, path in pages.items():
            if name == "error":
                continue
            samples = []
            for _ in range(runs + 1):  # the first load fills the browser's cache with the CSS and JS
                browser.get(base + path)
                wait_for(browser, lambda d: d.execute_script(PAINT)["fcp"] is not None)
                samples.append(browser.execute_script(PAINT))
            first, warm = samples[0], samples[1:]
            figures[name] = {"first_fcp": first["fcp"], **{key: statistics.median(s[key] for s in warm)
                                                            for key in ("fcp", "response", "server")},
                             "fcp_max": max(s["fcp"] for s in warm), "bytes": first["bytes"]}
    return figures


def search_latency(base: str, queries: list[str]) -> dict[str, list[float]]:
    found = {"shown": [], "fetch": [], "server": []}
    with chromium(*WIDTHS["wide"]) as browser:
        browser.get(base + "/")
        browser.set_script_timeout(30)
        for query in queries:
            sample = browser.execute_async_script(ONE_SEARCH, query)
            for key in found:
                found[key].append(sample[key])
    return found


def screenshots(base: str, pages: dict[str, str], folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for width_name, (width, height) in WIDTHS.items():
        with chromium(width, height) as browser:
            for scheme, suffix in (("light", ""), ("dark", "-dark")):
                with color_scheme(browser, scheme):
                    for name, path in pages.items():
                        set_viewport(browser, width, height)
                        browser.get(base + path)
                        if name == "check":  # the result, at its own link
                            browser.find_element("css selector", ".check button").click()
                            wait_for(browser, lambda d: d.find_elements("css selector", ".finding"))
                        full = browser.execute_script("return document.documentElement.scrollHeight")
                        set_viewport(browser, width, min(full, SCREENSHOT_HEIGHT_CAP[width_name]))
                        browser.execute_script("document.activeElement.blur()")  # no focus ring in the picture
                        target = folder / f"{name}-{width}{suffix}.png"
                        browser.save_screenshot(str(target))
                        written.append(target)
    return written


def server_cpu(app, pages: dict[str, str], queries: list[str]) -> dict[str, float]:
    """CPU milliseconds the server spends on one answer (all its threads, one request at a time):
    unlike wall-clock time, barely moved by other jobs on a shared machine."""
    import logging

    from fastapi.testclient import TestClient

    for name in ("httpx", "httpx2"):  # the client's own per-request log lines would be counted too
        logging.getLogger(name).setLevel(logging.WARNING)
    figures = {}
    with TestClient(app) as client:
        for name, path in pages.items():
            client.get(path)  # warm: rendered Markdown and the chart's counts are cached
            started = time.process_time()
            for _ in range(10):
                client.get(path)
            figures[name] = (time.process_time() - started) * 100
        started = time.process_time()
        for query in queries:
            client.get("/results", params={"q": query + " cpu"})  # not seen before: the encoder runs
        figures["live search (/results)"] = (time.process_time() - started) * 1000 / len(queries)
    return figures


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="page loads per view")
    parser.add_argument("--queries", type=int, default=40, help="distinct live searches")
    parser.add_argument("--screenshots", type=Path, help="folder for PNGs of each view at 390 and 1280 px")
    args = parser.parse_args()

    load_before = os.getloadavg()[0]  # other jobs on the machine: these figures are wall-clock
    engine = SearchEngine()
    started = time.perf_counter()
    engine.search(SearchRequest(query="warm up the encoder"))
    print(f"index ready and encoder warm in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    pages = views(engine)
    queries = list(dict.fromkeys(case.query for case in load_cases()))[: args.queries]

    cpu = server_cpu(create_app(engine), {k: v for k, v in pages.items() if k != "error"}, queries)
    with serve(create_app(engine)) as base:
        paint = first_paint(base, pages, args.runs)
        search = search_latency(base, queries)
        shots = screenshots(base, pages, args.screenshots) if args.screenshots else []

    print("load average before / after: " + " / ".join(f"{a:.1f}" for a in (load_before, os.getloadavg()[0])))
    print(f"\nFirst contentful paint, {args.runs} loads per view after one that fills the cache (ms):\n")
    print("| view | first load | median | slowest | response end (median) | server (median) | HTML bytes |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, row in paint.items():
        print(f"| {name} `{pages[name]}` | {row['first_fcp']:.0f} | {row['fcp']:.0f} | {row['fcp_max']:.0f} | "
              f"{row['response']:.1f} | {row['server']:.1f} | {row['bytes']:,} |")
    print(f"\nLive search, {len(queries)} distinct queries (ms; the 150 ms typing debounce comes before this):\n")
    print("| what | p50 | p95 | max |")
    print("| --- | --- | --- | --- |")
    for key, label in (("shown", "request to results on screen"), ("fetch", "the /results fetch"),
                       ("server", "server time (Server-Timing)")):
        values = search[key]
        print(f"| {label} | {statistics.median(values):.1f} | {percentile(values, 0.95):.1f} | {max(values):.1f} |")
    print("\nServer CPU time per answer (ms, all threads, in process):\n")
    print("| " + " | ".join(cpu) + " |")
    print("| " + " | ".join("---" for _ in cpu) + " |")
    print("| " + " | ".join(f"{value:.1f}" for value in cpu.values()) + " |")
    for path in shots:
        print(f"screenshot: {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
