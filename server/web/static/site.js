// Live search and keyboard shortcuts. Everything works without this file: the forms submit
// normally and the server renders the same results.
(() => {
  "use strict";
  document.documentElement.dataset.js = "on";  // shows what only works with this file (.js-only)
  const typing = (el) => el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

  document.addEventListener("keydown", (event) => {
    const q = document.getElementById("q");
    if (event.key === "/" && q && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target)) {
      event.preventDefault();
      q.focus();
      q.select();
    }
  });

  // A copy button on every code block (and on each suppression comment), added here: without this
  // file there is nothing to click, and the code can still be selected.
  const addCopyButtons = (root) => {
    for (const pre of root.querySelectorAll(".md pre")) {
      if (pre.parentElement.classList.contains("codeblock")) continue;
      const box = document.createElement("div");
      box.className = "codeblock";
      pre.replaceWith(box);
      box.append(copyButton(() => pre.innerText, "Copy code"), pre);
    }
    for (const comment of root.querySelectorAll(".finding .suppress")) {
      comment.after(" ", copyButton(() => comment.textContent, "Copy the comment", "copy-inline"));
    }
  };
  const copyButton = (text, label, extra) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy" + (extra ? " " + extra : "");
    button.textContent = "Copy";
    button.setAttribute("aria-label", label);
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(text()).then(() => {
        button.textContent = "Copied";
        button.dataset.copied = "yes";
        setTimeout(() => { button.textContent = "Copy"; }, 2000);
      }, () => { button.textContent = "Select and copy"; button.dataset.copied = "no"; });
    });
    return button;
  };
  if (navigator.clipboard) addCopyButtons(document);

  // After a check, the result is what the person came for: focus moves to its heading (read out first).
  const report = document.getElementById("report-title");
  if (report) report.focus();

  const code = document.getElementById("code");
  if (code) {
    code.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        code.form.requestSubmit();
      }
    });
    // Say so before sending what the server would refuse, keeping the code in the box to trim.
    code.form.addEventListener("submit", (event) => {
      const limit = Number(code.dataset.max);
      if (code.value.length <= limit) return;
      event.preventDefault();
      let alert = document.getElementById("too-large");
      if (!alert) {
        alert = document.createElement("p");
        alert.id = "too-large";
        alert.className = "alert";
        alert.setAttribute("role", "alert");
        code.form.after(alert);
      }
      alert.textContent = `That is ${code.value.length.toLocaleString("en")} characters; this page checks up to ` +
        `${limit.toLocaleString("en")} characters. Check a large file from a terminal with \`torchpatch check FILE\`.`;
    });
  }

  const form = document.getElementById("search");
  if (!form) return;
  const q = form.elements.q;
  const results = document.getElementById("results");
  const status = document.getElementById("status");
  const limit = Number(q.dataset.max || 2000);
  let timer = 0;
  let controller = null;
  const titleMax = 60;  // as views.title_query: spaces collapsed, a long query cut
  const titleQuery = (text) => {
    const words = text.split(/\s+/).filter(Boolean).join(" ");
    if (!words) return "";
    return (words.length <= titleMax ? words : words.slice(0, titleMax - 1).trimEnd() + "…") + " · ";
  };
  let latest = 0;

  const show = (html) => {
    results.innerHTML = html;
    if (navigator.clipboard) addCopyButtons(results);
    const body = results.firstElementChild;
    status.textContent = (body && body.dataset.summary) || "";
  };
  const showMessage = (text) => {
    const alert = document.createElement("p");
    alert.className = "alert";
    alert.setAttribute("role", "alert");
    alert.textContent = text;
    results.replaceChildren(alert);
    status.textContent = "";
  };

  const search = () => {
    clearTimeout(timer);
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (value) params.set(name, value);
    const query = params.toString();
    history.replaceState(null, "", query ? "/?" + query : "/");
    document.title = titleQuery(q.value) + "Search · torchpatch";
    if (controller) controller.abort();
    if (q.value.length > limit) {
      showMessage(`The query is ${q.value.length.toLocaleString("en")} characters; the limit is ${limit.toLocaleString("en")}. Paste the last lines of the error.`);
      return;
    }
    controller = new AbortController();
    const mine = ++latest;
    const started = performance.now();
    fetch("/results" + (query ? "?" + query : ""), { signal: controller.signal, headers: { Accept: "text/html" } })
      .then((response) => response.text())
      .then((html) => {
        if (mine !== latest) return;
        if (/^\s*<!doctype/i.test(html)) {  // an error page (server error, index not ready): show its message
          const page = new DOMParser().parseFromString(html, "text/html");
          const alert = page.querySelector("[role=alert]");
          showMessage(alert ? alert.textContent : "The search failed; press Enter to retry.");
          return;
        }
        show(html);
        // Measured once the results are painted: the frame after this one has begun.
        requestAnimationFrame(() => setTimeout(() => performance.measure("search", { start: started, end: performance.now() })));
      })
      .catch((error) => {
        if (error.name !== "AbortError") showMessage("The server did not answer. Check that it is running, then press Enter to retry.");
      });
  };

  q.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(search, 150);
  });
  form.addEventListener("change", (event) => { if (event.target !== q) search(); });
  form.addEventListener("submit", (event) => { event.preventDefault(); search(); });

  // Arrow keys move from the search box through the results' titles; Escape goes back.
  document.addEventListener("keydown", (event) => {
    if (!["ArrowDown", "ArrowUp", "Escape"].includes(event.key)) return;
    const links = [...results.querySelectorAll(".hit-link")];
    const at = links.indexOf(document.activeElement);
    if (event.key === "Escape" && at >= 0) { q.focus(); return; }
    if (event.key === "ArrowDown" && (document.activeElement === q || at >= 0) && links[at + 1]) {
      event.preventDefault();
      links[at + 1].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      (at === 0 ? q : links[at - 1]).focus();
    }
  });
})();
