"""The web page's server side, without a browser: routes answer HTML (errors too) while the JSON API
keeps its JSON, and the pieces the pages are built from (Markdown, highlighting, badges, chart)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from torchpatch.server.http_app import create_app
from torchpatch.server.web.badges import hit_badges
from torchpatch.server.web.chart import RELEASES, build_chart, count_changes
from torchpatch.server.web.highlight import highlight_lines
from torchpatch.server.web.markdown_html import render_section, section_url

SECTION = "compiling#export_for_training-is-removed"


@pytest.fixture(scope="module")
def client(engine):
    with TestClient(create_app(engine), raise_server_exceptions=False) as client:
        yield client


def is_html_page(response) -> bool:
    return response.headers["content-type"].startswith("text/html") and "<!doctype html>" in response.text


@pytest.mark.parametrize("path", ["/", f"/?q=export_for_training", "/changes", "/check", "/check?example=1",
                                  "/s/compiling/export_for_training-is-removed", "/s/compiling%23export_for_training-is-removed"])
def test_pages_answer_html_with_their_server_time(client, path):
    response = client.get(path)
    assert response.status_code == 200 and is_html_page(response)
    assert re.fullmatch(r"app;dur=\d+\.\d", response.headers["server-timing"])


@pytest.mark.parametrize("path, status, message", [
    ("/?q=torch&kind=bogus", 422, "unknown kind"),
    ("/?q=" + "x" * 2500, 422, "the limit is 2000"),
    ("/changes?from=2.15&to=2.4", 422, "from_version &lt; to_version"),
    ("/s/compiling/nope", 404, "no section"),
    ("/static/nope.css", 404, "no file"),
])
def test_page_errors_are_html_pages_with_a_message(client, path, status, message):
    response = client.get(path)
    assert response.status_code == status and is_html_page(response)
    assert 'role="alert"' in response.text and message in response.text
    assert "Traceback" not in response.text


def test_the_json_api_keeps_its_json_errors(client):
    assert client.get("/search", params={"q": "torch", "kind": "bogus"}).json()["error"]["type"] == "InvalidInput"
    assert client.get("/sections/compiling%23nope").json()["error"]["type"] == "NotFound"
    assert client.post("/check", json={"code": "import torch\nL = torch.cholesky(a)\n"}).json()["count"] == 1


def test_an_unknown_path_is_a_page_for_a_browser_and_json_for_an_api_client(client):
    browser = client.get("/no/such/page", headers={"accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert browser.status_code == 404 and is_html_page(browser)
    assert 'role="alert"' in browser.text and "/no/such/page" in browser.text
    api = client.get("/no/such/page", headers={"accept": "*/*"})
    assert api.status_code == 404 and api.json()["error"]["type"] == "NotFound"
    assert "/openapi.json" in api.json()["error"]["message"]


def test_check_form_posts_to_its_own_route_and_shows_findings(client):
    response = client.post("/check/run", data={"code": "import torch\r\nL = torch.cholesky(a)\r\n", "torch_version": "2.15"})
    assert response.status_code == 200
    assert 'id="L2"' in response.text and 'class="finding"' in response.text
    assert 'id="L3"' not in response.text  # the final newline is not a line of its own
    assert '<option selected>2.15</option>' in response.text


@pytest.mark.parametrize("data, status, message", [
    ({"code": "   "}, 422, "Paste some Python code"),
    ({}, 422, "Paste some Python code"),
    ({"code": "import torch\nx = (\n"}, 422, "line"),
    ({"code": "import torch\n", "torch_version": "soon"}, 422, "soon"),
    ({"code": "x = 1\n" * 40_000}, 422, "this page checks up to 200,000 characters"),
])
def test_check_form_bad_input_gets_a_message(client, data, status, message):
    response = client.post("/check/run", data=data)
    assert response.status_code == status and is_html_page(response)
    assert message in response.text


def test_a_page_that_breaks_shows_a_page_not_a_trace(engine, monkeypatch):
    monkeypatch.setattr(engine, "list_references", lambda: 1 / 0)
    with TestClient(create_app(engine), raise_server_exceptions=False) as client:
        response = client.get("/")
    assert response.status_code == 500 and is_html_page(response)
    assert "Something went wrong" in response.text and "ZeroDivisionError" not in response.text


def test_assets_are_served_with_hashed_urls_and_cached(client):
    page = client.get("/").text
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert {url.split("?")[0] for url in urls} == {"/static/site.css", "/static/pygments.css", "/static/site.js"}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200 and "immutable" in response.headers["cache-control"]
        assert re.search(r"\?v=[0-9a-f]{12}$", url)


def test_page_html_is_well_formed(client):
    """Every tag the pages open is closed: a template slip shows up here before a browser hides it."""
    for path in ("/", "/?q=torch.load", "/changes", "/check?example=1", f"/s/{SECTION.replace('#', '/')}"):
        checker = TagBalance()
        checker.feed(client.get(path).text)
        assert checker.stack == [] and checker.errors == [], (path, checker.errors)


class TagBalance(HTMLParser):
    VOID = {"meta", "link", "input", "br", "img", "hr", "source", "col", "wbr"}

    def __init__(self):
        super().__init__()
        self.stack, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
        else:
            self.stack.pop()


# --- the pieces ----------------------------------------------------------------------------------


def test_markdown_drops_heading_and_meta_highlights_code_and_points_anchors_at_section_pages():
    text = ("## Title\n> meta: since=2.6; kind=new\n\nSee [the other one](#other-anchor).\n\n"
            "```python\nimport torch\n```\n\n<script>alert(1)</script>\n")
    html = render_section(text, "loading")
    assert "Title" not in html and "meta:" not in html
    assert '<a href="/s/loading/other-anchor">' in html
    assert '<pre class="highlight" data-lang="python"><code><span class="kn">import</span>' in html
    assert "<script>" not in html and "&lt;script&gt;" in html  # raw HTML in a reference is shown, not run


def test_section_urls_use_a_slash_for_the_hash():
    assert section_url("migrations-and-security#torchload-weights_only") == "/s/migrations-and-security/torchload-weights_only"


def test_highlighted_lines_stay_balanced_when_a_token_spans_lines():
    lines = highlight_lines('doc = """one\ntwo"""\nx = 1\n')
    assert len(lines) == 4 and lines[-1] == ""
    for line in lines:
        assert line.count("<span") == line.count("</span>")
    assert "two" in lines[1] and "x" in lines[2]


@pytest.mark.parametrize("verified, verification, label, css", [
    ("verified on torch 2.15.0 cpu (2 snippets)", None, "verified · torch 2.15.0 · cpu", "verified-ok"),
    ("FAILED on torch 2.15.0 cpu; not run: needs CUDA", None, "failed · torch 2.15.0 · cpu", "verified-failed"),
    ("not validated yet", None, "not validated yet", "verified-none"),
    ("verified on torch 2.15.0 cpu", {"status": "verified", "torch": "2.15.0", "devices": ["cpu", "cuda"],
                                      "date": "2026-11-30"}, "verified · torch 2.15.0 · cpu, cuda · 2026-11-30", "verified-ok"),
    ("x", {"status": "stale", "torch": "2.15.0", "devices": ["cpu"], "reason": "changed since last validated"},
     "changed since validated · torch 2.15.0 · cpu", "verified-stale"),
    ("x", {"status": "not-validated", "devices": []}, "not validated", "verified-none"),
])
def test_verification_badge_prefers_the_structured_field(verified, verification, label, css):
    hit = SimpleNamespace(kind="breaking", since="2.8", deprecated=None, removed="2.11", applies=False,
                          verified=verified, verification=verification)
    badges = hit_badges(hit, "2.9")
    assert [b.label for b in badges[:4]] == ["breaking", "since 2.8", "removed 2.11", "not yet in 2.9"]
    assert badges[-1].label == label and css in badges[-1].css


def test_chart_counts_a_section_in_each_release_it_changes_in(engine):
    counts = dict(count_changes(engine.whats_new("2.3", "2.15")))
    assert list(counts) == list(RELEASES)
    assert counts["2.11"] == {"breaking": 1}  # export_for_training removed
    for release in RELEASES:  # the chart agrees with whats_new for that one release
        previous = f"2.{int(release.split('.')[1]) - 1}"
        expected = {kind: len(items) for kind, items in engine.whats_new(previous, release).groups.items()}
        assert counts[release] == expected, release


def test_chart_bars_stack_to_their_totals():
    chart = build_chart([("2.4", {"new": 3, "breaking": 1}), ("2.5", {})], ("breaking", "new"))
    first, empty = chart.bars
    assert first.total == 4 and [s.kind for s in first.segments] == ["breaking", "new"]
    assert first.segments[0].y + first.segments[0].height == chart.baseline  # breaking sits at the bottom
    assert first.segments[1].y + first.segments[1].height == pytest.approx(first.segments[0].y, abs=0.11)
    assert empty.total == 0 and empty.segments == []
    assert chart.kinds == ["breaking", "new"] and chart.ticks[0] == (0, chart.baseline)
