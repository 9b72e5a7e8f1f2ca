"""The web page's server side, without a browser: routes answer HTML (errors too) while the JSON API
keeps its JSON, and the pieces the pages are built from (Markdown, highlighting, badges, chart)."""

from __future__ import annotations

import hashlib
import html
import re
from html.parser import HTMLParser
from types import SimpleNamespace
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from torchpatch.server.http_app import create_app
from torchpatch.server.web import views
from torchpatch.server.web.badges import hit_badges
from torchpatch.server.web.chart import RELEASES, build_chart, count_changes
from torchpatch.server.web.highlight import highlight_lines
from torchpatch.server.web.markdown_html import render_section, section_url
from torchpatch.server.web.routes import TEMPLATES
from torchpatch.validators.pin import pinned_torch

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


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"  # Chromium's, navigating


@pytest.mark.parametrize("method, path, body, status", [
    ("GET", "/no/such/page", None, 404),
    ("GET", "/check/run", None, 405),  # a reloaded or bookmarked form post
    ("POST", "/check/run", {"code": "x = 1\n" * 200_000}, 413),  # a large paste sent without JavaScript
    ("GET", "/?q=" + "x" * 9000, None, 414),
    ("GET", "/search?q=torch&k=0", None, 422),
    ("GET", "/sections/compiling%23nope", None, 404),
])
def test_every_error_is_a_page_for_a_browser_with_the_apis_message(client, method, path, body, status):
    """Content negotiation on Accept: a browser gets the site's page, any other client the JSON, same message."""
    api = client.request(method, path, data=body, headers={"accept": "*/*"})
    assert api.status_code == status and set(api.json()["error"]) == {"type", "message"}
    page = client.request(method, path, data=body, headers={"accept": BROWSER_ACCEPT})
    assert page.status_code == status and is_html_page(page)
    alert = re.search(r'<p class="alert" role="alert">(.*?)</p>', page.text, re.S)[1]
    assert html.unescape(alert) == api.json()["error"]["message"]
    assert f'data-status="{status}"' in page.text and 'href="/static/site.css' in page.text  # in the site's layout
    assert client.request(method, path, data=body, headers={"accept": "application/json"}).json() == api.json()


def test_the_405_page_keeps_its_allow_header_and_points_at_the_check_page(client):
    page = client.get("/check/run", headers={"accept": BROWSER_ACCEPT})
    assert page.headers["allow"] == "POST" and '<a href="/check">' in page.text


def test_mcp_and_successful_answers_pass_through_untouched(client):
    response = client.get("/references", headers={"accept": BROWSER_ACCEPT})
    assert response.headers["content-type"] == "application/json" and response.json()["references"]


def test_check_form_posts_to_its_own_route_and_shows_findings(client):
    response = client.post("/check/run", data={"code": "import torch\r\nL = torch.cholesky(a)\r\n", "torch_version": "2.15"})
    assert response.status_code == 200
    assert 'id="L2"' in response.text and 'class="finding finding-' in response.text
    assert 'id="L3"' not in response.text  # the final newline is not a line of its own
    assert '<option selected>2.15</option>' in response.text


def test_a_check_result_has_a_link_that_reproduces_it(client):
    code = "import torch\nL = torch.cholesky(a)\n"
    posted = client.post("/check/run", data={"code": code, "torch_version": "2.15"}, follow_redirects=False)
    assert posted.status_code == 303
    link = posted.headers["location"]
    assert link.startswith("/check?z=") and link.endswith("&torch_version=2.15")
    assert views.code_from_link(parse_qs(urlparse(link).query)["z"][0]) == code
    shown = client.get(link)  # a reload, a bookmark, or someone else's browser
    assert shown.status_code == 200 and 'id="L2"' in shown.text
    assert f'id="result-link" href="{html.escape(link)}"' in shown.text
    assert f">{code}</textarea>" in shown.text  # the code is back in the box, to edit
    assert "<title>1 finding · Check code · torchpatch</title>" in shown.text  # what a bookmark is called


def test_a_damaged_result_link_gets_a_message(client):
    link = client.post("/check/run", data={"code": "import torch\nL = torch.cholesky(a)\n"},
                       follow_redirects=False).headers["location"]
    for damaged in (link[:-12], "/check?z=not-code", "/check?z=" + "A" * 9000):
        response = client.get(damaged, headers={"accept": BROWSER_ACCEPT})
        assert response.status_code in (414, 422) and is_html_page(response), damaged
    response = client.get(link[:-12])
    assert response.status_code == 422 and "This link" in response.text


def test_code_too_large_for_a_link_is_shown_once_and_says_so(client):
    noise = "".join(f"v{i} = '{hashlib.sha256(str(i).encode()).hexdigest()}'\n" for i in range(400))  # barely compresses
    response = client.post("/check/run", data={"code": "import torch\nL = torch.cholesky(a)\n" + noise}, follow_redirects=False)
    assert response.status_code == 200 and 'id="no-link"' in response.text and 'id="L2"' in response.text


def test_each_finding_shows_its_severity_rule_and_the_comment_that_silences_it(client):
    code = "import torch\nL = torch.cholesky(a)\n"
    page = client.post("/check/run", data={"code": code}).text
    finding = re.search(r'<aside class="finding finding-(\w+)"[^>]*data-severity="(\w+)" data-rule="([^"]+)" '
                        r'data-code="(TP\d+)">(.*?)</aside>', page, re.S)
    assert finding[1] == finding[2] and finding[2] in views.SEVERITY_LABELS
    rule, code, body = finding[3], finding[4], finding[5]
    assert f'<span class="sev sev-{finding[2]}">{views.SEVERITY_LABELS[finding[2]]}</span>' in body  # a word, not a colour
    assert f'<code class="rule-id">{code}</code> ({rule})' in body  # the short code, and the name beside it
    comment = re.search(r'<code class="suppress">(.*?)</code>', body)[1]
    assert html.unescape(comment) == f"# noqa: {code}"
    silenced = client.post("/check/run", data={"code": code.replace("(a)", "(a)  " + html.unescape(comment))}).text
    assert "No outdated PyTorch usage found" in silenced  # the comment shown does what it says


def test_suppression_uses_a_short_code_when_the_finding_has_one():
    finding = SimpleNamespace(rule="torch.cholesky", code="TP101")
    assert views.suppression_comment(finding) == "# noqa: TP101"
    assert views.suppression_comment(SimpleNamespace(rule="torch.cholesky")) == "# torchpatch: ignore[torch.cholesky]"


def test_a_capped_check_says_how_many_findings_are_not_shown(client):
    from torchpatch.validators.checker import check_source

    code = "import torch\nL = torch.cholesky(a)\n"
    context = views.check_page(code, None, check_source(code), omitted=7)  # what check_bounded left out
    assert context["more"] == 7
    page = TEMPLATES.get_template("check.html").render(path="/check", **context)
    assert 'data-more="7"' in page and "and 7 more not shown" in page


@pytest.mark.parametrize("query, title", [
    ("   ", "Search · torchpatch"),
    ("torch.load   weights_only", "torch.load weights_only · Search · torchpatch"),
    ("x" * 1500, "x" * 59 + "… · Search · torchpatch"),
])
def test_the_title_names_the_query_shortly(client, query, title):
    page = client.get("/", params={"q": query}).text
    assert re.search(r"<title>(.*?)</title>", page)[1] == title


def test_a_section_opened_from_the_results_links_back_to_them(client):
    page = client.get("/", params={"q": "export_for_training", "kind": "breaking"}).text
    assert 'href="/s/compiling/export_for_training-is-removed?q=export_for_training&amp;kind=breaking"' in page
    section = client.get("/s/compiling/export_for_training-is-removed?q=export_for_training&kind=breaking").text
    assert '<a class="back" href="/?q=export_for_training&amp;kind=breaking">' in section
    assert '<a class="back" href="/">' in client.get("/s/compiling/export_for_training-is-removed").text


def test_code_blocks_are_keyboard_reachable_and_the_footer_says_what_ran(client):
    page = client.get("/s/loading/torchload-defaults-to-weights_onlytrue").text
    blocks = re.findall(r"<pre [^>]*>", page)
    assert blocks and all('tabindex="0"' in block and "aria-label=" in block for block in blocks)
    footer = re.search(r'<p id="provenance">(.*?)</p>', page, re.S)[1]
    assert pinned_torch() in footer and "not run" in footer


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
    assert '<pre class="highlight" data-lang="python" tabindex="0" role="group" aria-label="python code"><code><span class="kn">import</span>' in html
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
