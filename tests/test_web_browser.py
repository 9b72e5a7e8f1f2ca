"""The web page in a real browser: headless Chromium (Debian's package) driven by Selenium through a
search, a section, the what-changed view and a check, against a real server on a free port.

Skips only when no chromium is installed (CI installs it: see .ci/run). bench/bench_web.py reuses
``serve`` and ``chromium`` to time the pages and take the screenshots.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import tempfile
import threading
import time
import http.client
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars")
WAIT = 20  # seconds: a busy two-core machine can be slow to embed the first query
# axe-core, vendored (npm's axe-core, MPL-2.0, license beside it): the tests never reach a CDN.
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(result => done(result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))),
        error => done([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}]));
"""


@contextlib.contextmanager
def serve(app) -> Iterator[str]:
    """Run ``app`` with uvicorn in a thread; yields its base URL."""
    import uvicorn

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def chromium(width: int = 1280, height: int = 900):
    """A headless system Chromium through the system chromedriver, with a fresh profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="torchpatch-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        try:
            yield driver
        finally:
            driver.quit()


def set_viewport(driver, width: int, height: int) -> None:
    """Emulate a screen: a headless window cannot be narrower than 500 px, a phone is 390."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})


def wait_for(driver, condition, timeout: float = WAIT):
    """Poll until condition holds; an element the page replaced between two calls is polled again, also when chrome
    notices the replacement while reading it ("Node with given id does not belong to the document", a plain
    WebDriverException, which a loaded machine met in two fresh-clone runs)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    def polled(current):
        try:
            return condition(current)
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise

    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, ignored_exceptions=ignored).until(polled)


def axe_violations(driver, impacts=("serious", "critical")) -> list[dict]:
    """axe-core's WCAG 2.2 A/AA and best-practice violations of the page as it is now, of these impacts."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(AXE.read_text())
    driver.set_script_timeout(60)
    return [v for v in driver.execute_async_script(AXE_RUN, AXE_TAGS) if v["impact"] in impacts]


@contextlib.contextmanager
def color_scheme(driver, scheme: str):
    """prefers-color-scheme for the pages loaded inside, as the system setting would give it."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        yield driver
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def visible_text(driver, css: str) -> list[str]:
    """Read in one script call: live search may replace the elements between two WebDriver calls."""
    return driver.execute_script("return [...document.querySelectorAll(arguments[0])].map(e => e.innerText.trim())", css)


if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip("no chromium/chromedriver on this machine: apt-get install chromium chromium-driver "
                "(.ci/run installs them)", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402  (after the skip: selenium is only needed with a browser)
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from torchpatch.server.http_app import create_app  # noqa: E402

QUERY = "export_for_training"
SECTION = "export_for_training is removed"


@pytest.fixture(scope="module")
def base_url(engine):
    with serve(create_app(engine)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver


def results_titles(driver) -> list[str]:
    return visible_text(driver, "#results .hit-link")


def test_live_search_puts_the_query_in_the_url_and_survives_a_reload(browser, base_url):
    browser.get(base_url + "/")
    box = browser.find_element(By.ID, "q")
    assert browser.switch_to.active_element == box  # the box has focus on arrival
    box.send_keys(QUERY)  # no Enter: results come as the person types
    wait_for(browser, lambda d: SECTION in results_titles(d))
    assert browser.current_url == f"{base_url}/?q={QUERY}"
    assert "result" in browser.find_element(By.ID, "status").text

    first = browser.find_element(By.CSS_SELECTOR, "#results .hit")
    badges = [badge.text for badge in first.find_elements(By.CSS_SELECTOR, ".badge")]
    assert badges[:2] == ["breaking", "removed 2.11"]
    assert first.find_element(By.CSS_SELECTOR, ".badge.verified").text in badges[2:]  # verified status, always shown
    assert first.find_element(By.CSS_SELECTOR, ".md code").text.startswith("torch.export.export")

    browser.refresh()  # the URL alone reproduces the search, rendered by the server
    assert results_titles(browser)[0] == SECTION
    assert browser.find_element(By.ID, "q").get_attribute("value") == QUERY


def test_filters_narrow_results_and_are_kept_in_the_url(browser, base_url):
    browser.get(f"{base_url}/?q=torch")
    before = len(results_titles(browser))
    Select(browser.find_element(By.NAME, "kind")).select_by_visible_text("breaking")
    wait_for(browser, lambda d: "kind=breaking" in d.current_url and len(results_titles(d)) < before)
    # the new hits may be in the page a moment before their text is laid out (innerText "" on a loaded machine)
    wait_for(browser, lambda d: all(visible_text(d, "#results .hit .kind")))
    kinds = visible_text(browser, "#results .hit .kind")
    assert kinds and set(kinds) == {"breaking"}

    Select(browser.find_element(By.NAME, "torch_version")).select_by_visible_text("2.9")
    # Badges read while their results are not yet shown have no innerText: wait until all show text.
    wait_for(browser, lambda d: "torch_version=2.9" in d.current_url
             and all(visible_text(d, "#results .applies") or [""]))
    assert set(visible_text(browser, "#results .applies")) <= {"applies to 2.9", "not yet in 2.9"}


def test_results_render_markdown_with_highlighted_code(browser, base_url):
    browser.get(f"{base_url}/?q=torch.load+weights_only")
    block = browser.find_element(By.CSS_SELECTOR, "#results .md pre.highlight")
    assert "torch.save" in block.text
    keyword = block.find_element(By.CSS_SELECTOR, "span.kn")  # Pygments' class for `import`
    assert keyword.text == "import" and keyword.value_of_css_property("font-weight") in ("700", "bold")


def test_keyboard_only_from_search_to_a_section(browser, base_url):
    browser.get(f"{base_url}/?q={QUERY}")
    body = browser.find_element(By.TAG_NAME, "body")
    body.click()
    body.send_keys("/")
    assert browser.switch_to.active_element.get_attribute("id") == "q"
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element.text == SECTION
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(browser, lambda d: "/s/compiling/" in d.current_url)


def test_section_page_shows_the_whole_section_with_its_badges(browser, base_url):
    browser.get(f"{base_url}/?q={QUERY}")
    browser.find_element(By.LINK_TEXT, SECTION).click()
    wait_for(browser, lambda d: d.find_elements(By.TAG_NAME, "h1") and d.find_element(By.TAG_NAME, "h1").text == SECTION)
    assert browser.current_url == f"{base_url}/s/compiling/export_for_training-is-removed?q={QUERY}"
    assert "breaking" in visible_text(browser, ".section .badge")
    assert visible_text(browser, ".apis code") == ["torch.export.export_for_training", "torch.export.export"]
    assert "has no attribute 'export_for_training'" in browser.find_element(By.CSS_SELECTOR, ".section .md").text
    assert "compiling#export_for_training-is-removed" in browser.find_element(By.CSS_SELECTOR, ".source").text


def test_what_changed_lists_breaking_first_and_charts_every_release(browser, base_url):
    browser.get(base_url + "/changes")
    Select(browser.find_element(By.NAME, "from")).select_by_visible_text("2.7")
    Select(browser.find_element(By.NAME, "to")).select_by_visible_text("2.14")
    browser.find_element(By.CSS_SELECTOR, ".range button").click()
    wait_for(browser, lambda d: "from=2.7&to=2.14" in d.current_url)

    groups = [element.get_attribute("id") for element in browser.find_elements(By.CSS_SELECTOR, "section.group")]
    assert groups[0] == "kind-breaking"
    breaking = visible_text(browser, "#kind-breaking .changes > li > a")
    assert {SECTION, "torch.cholesky raises"} <= set(breaking)
    assert "TorchScript is deprecated" in visible_text(browser, "#kind-deprecation .changes > li > a")
    assert "Stances for torch.compile" not in browser.page_source  # since 2.6: before the range

    bars = browser.find_elements(By.CSS_SELECTOR, ".chart g.bar")
    assert [bar.get_attribute("data-release") for bar in bars] == [f"2.{minor}" for minor in range(4, 16)]
    in_range = [bar.get_attribute("data-release") for bar in browser.find_elements(By.CSS_SELECTOR, ".chart g.in-range")]
    assert in_range == ["2.8", "2.9", "2.10", "2.11", "2.12", "2.13", "2.14"]
    assert browser.find_element(By.CSS_SELECTOR, '.chart g[data-release="2.11"] .total').text == "1"


def test_check_shows_findings_inline_with_the_fix_and_the_section(browser, base_url):
    browser.get(base_url + "/check")
    area = browser.find_element(By.ID, "code")
    area.send_keys("import torch\n\nprogram = torch.export.export_for_training(model, (x,))\nL = torch.cholesky(a)\n")
    area.send_keys(Keys.CONTROL, Keys.ENTER)  # the keyboard shortcut submits
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
    assert browser.find_element(By.ID, "report-title").text == "2 findings"
    assert browser.switch_to.active_element.get_attribute("id") == "report-title"  # focus moved to the result
    line3 = browser.find_element(By.ID, "L3")
    assert "flagged" in line3.get_attribute("class")
    finding = line3.find_element(By.XPATH, "following-sibling::*[1]")  # the finding sits right under its line
    assert finding.tag_name == "aside" and "torch.export.export_for_training" in finding.text
    assert "Fix" in finding.find_element(By.CSS_SELECTOR, ".fix").text
    assert "/s/" in finding.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
    assert "export_for_training" in browser.find_element(By.ID, "code").get_attribute("value")  # code kept for editing


@pytest.mark.parametrize("path, expected", [
    ("/?q=", "Type an API name"),
    ("/?q=torch&kind=bogus", "unknown kind 'bogus'"),
    ("/?q=torch&reference=nope", "unknown reference 'nope'"),
    ("/?q=torch&torch_version=latest", "not a torch version"),
    ("/changes?from=2.15&to=2.9", "from_version < to_version"),
    ("/changes?from=two", "not a torch version"),
    ("/s/compiling/no-such-section", "no section"),
])
def test_bad_input_shows_a_clear_message(browser, base_url, path, expected):
    browser.get(base_url + path)
    alert = browser.find_element(By.CSS_SELECTOR, "[role=alert]")
    assert expected in alert.text
    assert "Traceback" not in browser.page_source and '{"error"' not in browser.page_source


def test_a_huge_query_or_empty_code_gets_a_message(browser, base_url):
    browser.get(base_url + "/")
    browser.execute_script("const q = document.getElementById('q'); q.value = 'x'.repeat(5000);"
                           "q.dispatchEvent(new Event('input'));")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#results [role=alert]"))
    assert "limit is 2,000" in browser.find_element(By.CSS_SELECTOR, "#results [role=alert]").text

    browser.get(base_url + "/check")
    browser.find_element(By.CSS_SELECTOR, ".check button").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[role=alert]"))
    assert "Paste some Python code" in browser.find_element(By.CSS_SELECTOR, "[role=alert]").text

    browser.execute_script("document.getElementById('code').value = 'x = 1\\n'.repeat(40000)")
    browser.find_element(By.CSS_SELECTOR, ".check button").click()  # refused before sending: 240,000 characters
    assert "checks up to 200,000 characters" in browser.find_element(By.ID, "too-large").text

    browser.find_element(By.ID, "code").clear()
    browser.find_element(By.ID, "code").send_keys("def broken(:\n")
    browser.find_element(By.CSS_SELECTOR, ".check button").click()
    wait_for(browser, lambda d: "line 1" in d.find_element(By.CSS_SELECTOR, "[role=alert]").text)


def test_no_request_leaves_the_machine(browser, base_url):
    for path in ("/", f"/?q={QUERY}", "/changes", "/check?example=1", "/s/compiling/export_for_training-is-removed"):
        browser.get(base_url + path)
        urls = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert all(url.startswith(base_url) for url in urls), urls
        for element in browser.find_elements(By.CSS_SELECTOR, "script[src], link[href], img[src]"):
            source = element.get_attribute("src") or element.get_attribute("href")
            assert source.startswith((base_url, "data:")), source


@contextlib.contextmanager
def emulated(driver, command: str, params: dict, reset: str, reset_params: dict | None = None):
    """A CDP emulation for one test, undone after it, so that tests share one browser."""
    driver.execute_cdp_cmd(command, params)
    try:
        yield driver
    finally:
        driver.execute_cdp_cmd(reset, reset_params or {})


def test_pages_fit_a_phone_without_sideways_scrolling(browser, base_url):
    """Only code blocks, the code listing and the numbers table scroll sideways, inside their own box."""
    phone_screen = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    with emulated(browser, "Emulation.setDeviceMetricsOverride", phone_screen, "Emulation.clearDeviceMetricsOverride") as phone:
        for path in (f"/?q={QUERY}", "/?q=torch", "/changes?from=2.3", "/s/loading/torchload-defaults-to-weights_onlytrue",
                     "/check?example=1"):
            phone.get(base_url + path)
            if path.startswith("/check"):
                phone.find_element(By.CSS_SELECTOR, ".check button").click()
                wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
            width = phone.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert width == [390, 390], (path, width)


def test_search_and_check_work_without_javascript(browser, base_url):
    with emulated(browser, "Emulation.setScriptExecutionDisabled", {"value": True},
                  "Emulation.setScriptExecutionDisabled", {"value": False}) as plain:
        plain.get(base_url + "/")
        assert not plain.find_elements(By.CSS_SELECTOR, "html[data-js]")  # site.js did not run
        assert not plain.find_element(By.ID, "search-hint").is_displayed()  # it promises live results
        plain.find_element(By.ID, "q").send_keys(QUERY + Keys.ENTER)
        wait_for(plain, lambda d: SECTION in results_titles(d))
        assert plain.current_url.startswith(f"{base_url}/?q={QUERY}")

        plain.get(base_url + "/check?example=1")
        plain.find_element(By.CSS_SELECTOR, ".check button").click()
        wait_for(plain, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
        assert "/check?z=" in plain.current_url  # the result's own link, reached without a script
        plain.refresh()
        wait_for(plain, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
        assert not plain.find_elements(By.CSS_SELECTOR, "button.copy")  # copy buttons come with the script


def test_live_search_shows_the_servers_message_when_the_index_fails(browser, base_url, engine, monkeypatch):
    from torchpatch.validators.errors import IndexUnavailable

    def unavailable(request):
        raise IndexUnavailable("cannot read the index: run `torchpatch index --rebuild`")

    browser.get(base_url + "/")
    monkeypatch.setattr(engine, "search", unavailable)
    browser.find_element(By.ID, "q").send_keys("torch.load")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#results [role=alert]"))
    assert "torchpatch index --rebuild" in browser.find_element(By.CSS_SELECTOR, "#results [role=alert]").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#results header")  # the message, not a page in a page


# --- accessibility, error pages, result links, and the smaller promises ------------------------------------

CHECKED = "import torch\n\nprogram = torch.export.export_for_training(model, (x,))\nL = torch.cholesky(a)\n"
AXE_VIEWS = {
    "search": "/?q=torch.load+weights_only",
    "start": "/",
    "section": "/s/loading/torchload-defaults-to-weights_onlytrue",
    "changes": "/changes?from=2.3",
    "check": "/check?example=1",
    "not found": "/no/such/page",
    "method not allowed": "/check/run",
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)])
def test_every_view_passes_axe_in_light_and_dark_at_both_widths(browser, base_url, scheme, width, height):
    """WCAG 2.2 AA (and axe's best practices): no serious or critical violation on any view."""
    screen = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500}
    found = {}
    with color_scheme(browser, scheme), emulated(browser, "Emulation.setDeviceMetricsOverride", screen,
                                                 "Emulation.clearDeviceMetricsOverride"):
        for name, path in AXE_VIEWS.items():
            browser.get(base_url + path)
            if name == "check":
                browser.find_element(By.CSS_SELECTOR, ".check button").click()
                wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
            assert browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
            violations = axe_violations(browser)
            if violations:
                found[name] = violations
    assert not found, json.dumps(found, indent=1)


def api_error(base_url: str, method: str, path: str, declared_length: int | None = None) -> tuple[int, str]:
    """The JSON API's status and message for the same request (an API client's Accept). With
    ``declared_length`` only the headers of a body that large are sent: the server refuses it unread."""
    connection = http.client.HTTPConnection(base_url.removeprefix("http://"), timeout=WAIT)
    try:
        connection.putrequest(method, path)
        connection.putheader("Accept", "*/*")
        if declared_length is not None:
            connection.putheader("Content-Type", "application/x-www-form-urlencoded")
            connection.putheader("Content-Length", str(declared_length))
        connection.endheaders()
        response = connection.getresponse()
        assert response.status >= 400, (method, path, response.status)
        return response.status, json.loads(response.read())["error"]["message"]
    finally:
        connection.close()


def error_page(driver) -> tuple[str, str]:
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "section.error [role=alert]"))
    return (driver.find_element(By.CSS_SELECTOR, "section.error").get_attribute("data-status"),
            driver.find_element(By.CSS_SELECTOR, "section.error [role=alert]").get_attribute("textContent"))


@pytest.mark.parametrize("path", ["/no/such/page", "/check/run", "/?q=" + "x" * 9000, "/search?q=torch&k=0",
                                  "/sections/compiling%23nope"])
def test_errors_a_browser_reaches_are_pages_with_the_apis_message(browser, base_url, path):
    browser.get(base_url + path)  # 404, 405 (a reloaded form post), 414 (a long URL), 422, 404 from the API
    status, message = error_page(browser)
    assert (int(status), message) == api_error(base_url, "GET", path)
    assert browser.find_elements(By.CSS_SELECTOR, "header.top nav") and '{"error"' not in browser.page_source


def test_a_large_paste_sent_without_javascript_gets_a_page(browser, base_url):
    browser.get(base_url + "/check")
    # form.submit() skips the page's submit handler, as a browser without JavaScript sends the form.
    browser.execute_script("const code = document.getElementById('code'); code.value = 'x'.repeat(1100000);"
                           "code.form.submit();")
    status, message = error_page(browser)
    assert status == "413"
    assert (int(status), message) == api_error(base_url, "POST", "/check/run", declared_length=1_100_020)


def test_a_check_result_has_its_own_link_that_survives_reload_and_sharing(browser, base_url):
    browser.get(base_url + "/check")
    browser.find_element(By.ID, "code").send_keys(CHECKED)
    Select(browser.find_element(By.NAME, "torch_version")).select_by_visible_text("2.12")
    browser.find_element(By.CSS_SELECTOR, ".check button").click()
    wait_for(browser, lambda d: "/check?z=" in d.current_url and d.find_elements(By.CSS_SELECTOR, ".finding"))
    link = browser.current_url
    assert link.endswith("&torch_version=2.12")
    assert browser.find_element(By.ID, "result-link").get_attribute("href") == link
    findings = visible_text(browser, ".finding .rule-id")

    browser.refresh()  # a reload shows the same result, no "resubmit the form?"
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
    assert visible_text(browser, ".finding .rule-id") == findings
    with chromium() as other:  # someone the link was sent to: a fresh browser, nothing shared
        other.get(link)
        wait_for(other, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
        assert visible_text(other, ".finding .rule-id") == findings
        assert other.find_element(By.ID, "code").get_attribute("value") == CHECKED
        assert Select(other.find_element(By.NAME, "torch_version")).first_selected_option.text == "2.12"


def test_findings_show_severity_in_words_rule_and_suppression(browser, base_url):
    browser.get(base_url + "/check")
    browser.find_element(By.ID, "code").send_keys(CHECKED)
    browser.find_element(By.CSS_SELECTOR, ".check button").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding"))
    findings = browser.execute_script("""return [...document.querySelectorAll('.finding')].map(f => ({
        severity: f.dataset.severity, rule: f.dataset.rule, code: f.dataset.code, label: f.querySelector('.sev').textContent,
        shown: getComputedStyle(f.querySelector('.sev')).textTransform,
        id: f.querySelector('.rule-id').textContent, comment: f.querySelector('.suppress').textContent}))""")
    assert len(findings) == 2
    for finding in findings:
        assert finding["label"].lower() == finding["severity"] and finding["severity"] in ("error", "warning", "info")
        assert finding["id"] == finding["code"] and finding["comment"] == f"# noqa: {finding['code']}"
    styles = browser.execute_script("""return [...document.querySelectorAll('.finding .sev')].map(e => {
        const s = getComputedStyle(e); return [e.textContent, s.backgroundColor, s.borderStyle].join('|'); })""")
    by_label = dict(style.split("|", 1) for style in styles)
    assert len(set(by_label.values())) == len(by_label)  # each severity drawn differently, besides its word


def test_copy_buttons_copy_code_blocks_and_suppressions(browser, base_url):
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url,
                                                         "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    browser.get(base_url + "/s/loading/torchload-defaults-to-weights_onlytrue")
    blocks = browser.find_elements(By.CSS_SELECTOR, ".md pre")
    buttons = browser.find_elements(By.CSS_SELECTOR, ".md .codeblock > button.copy")
    assert blocks and len(buttons) == len(blocks)  # one for every code block
    buttons[0].click()
    wait_for(browser, lambda d: buttons[0].get_attribute("data-copied") == "yes")
    assert clipboard(browser) == blocks[0].get_attribute("innerText")

    browser.get(base_url + "/check?example=1")
    browser.find_element(By.CSS_SELECTOR, ".check button").click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".finding .copy"))
    button = browser.find_element(By.CSS_SELECTOR, ".finding .copy")
    button.click()
    wait_for(browser, lambda d: button.get_attribute("data-copied") == "yes")
    assert clipboard(browser).startswith("# noqa: TP")


def clipboard(driver) -> str:
    return driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], e => arguments[0]('error: ' + e))")


def test_code_blocks_that_scroll_sideways_are_reached_by_keyboard(browser, base_url):
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    with emulated(browser, "Emulation.setDeviceMetricsOverride", phone, "Emulation.clearDeviceMetricsOverride"):
        browser.get(base_url + "/s/loading/torchload-defaults-to-weights_onlytrue")
        wide = browser.execute_script("return [...document.querySelectorAll('.md pre')].filter(p => p.scrollWidth > p.clientWidth)"
                                      ".map(p => [p.tabIndex, p.getAttribute('aria-label')])")
        assert wide and all(tab == 0 and label for tab, label in wide)
        pre = browser.find_element(By.CSS_SELECTOR, ".md pre")
        browser.find_element(By.CSS_SELECTOR, ".section h1").click()
        for _ in range(20):  # Tab along until the block has focus
            if browser.switch_to.active_element == pre:
                break
            browser.switch_to.active_element.send_keys(Keys.TAB)
        assert browser.switch_to.active_element == pre


def test_the_chart_totals_are_not_clipped_on_a_phone(browser, base_url):
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    with emulated(browser, "Emulation.setDeviceMetricsOverride", phone, "Emulation.clearDeviceMetricsOverride"):
        browser.get(base_url + "/changes")
        boxes = browser.execute_script("""const svg = document.querySelector('.chart svg').getBoundingClientRect();
            return [...document.querySelectorAll('.chart .total')].map(t => { const b = t.getBoundingClientRect();
                return [t.textContent, b.top - svg.top, svg.bottom - b.bottom]; })""")
    assert boxes and all(above >= 0 and below >= 0 for _, above, below in boxes), boxes


def test_the_title_names_a_query_shortly_or_not_at_all(browser, base_url):
    browser.get(base_url + "/")
    browser.find_element(By.ID, "q").send_keys("   ")
    wait_for(browser, lambda d: "q=+++" in d.current_url)
    assert browser.title == "Search · torchpatch"
    browser.execute_script("const q = document.getElementById('q'); q.value = 'torch.load weights_only '.repeat(80);"
                           "q.dispatchEvent(new Event('input'));")
    wait_for(browser, lambda d: d.title.endswith("… · Search · torchpatch"))
    live = browser.title
    assert live.startswith("torch.load weights_only torch.load") and len(live) <= 60 + len(" · Search · torchpatch")
    browser.refresh()  # the server's title agrees with the script's
    assert browser.title == live


def test_back_to_search_keeps_the_query(browser, base_url):
    browser.get(f"{base_url}/?q={QUERY}&kind=breaking")
    browser.find_element(By.LINK_TEXT, SECTION).click()
    wait_for(browser, lambda d: "/s/compiling/" in d.current_url)
    browser.find_element(By.CSS_SELECTOR, "a.back").click()
    wait_for(browser, lambda d: d.current_url == f"{base_url}/?q={QUERY}&kind=breaking")
    assert browser.find_element(By.ID, "q").get_attribute("value") == QUERY
    assert SECTION in results_titles(browser)
