"""The verification record: which content of a section ran, on which torch build and device, with what result.

A record maps section id -> sha256 of the section's Markdown (heading, text and snippets) ->
device ("cpu", "cuda") -> a run: torch version, date, GPU name, and each snippet's result.
Two records are read:

* the *shipped* one, ``verification.json`` beside the references (committed, in the wheel),
  written by ``torchpatch validate --record references/verification.json``; it keeps only the
  latest content of each section, which is how a change is told apart from "never validated";
* the *local* one, ``$TORCHPATCH_HOME/verification.json``, which every ``torchpatch validate``
  adds to. It is looked up by content hash only, so a run adds to what is shown only for the
  content it ran: validating an edited copy elsewhere never changes a served section's status.

:func:`section_status` turns both into a readable line and a structured dict, e.g.
"verified on torch 2.15.0: cpu 2026-12-02; cuda: not run". Nothing here imports torch.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .markdown import Section

FORMAT = 1
RECORD_NAME = "verification.json"
DEVICES = ("cpu", "cuda")
LOCAL_HASHES_KEPT = 4  # per section: an edited section validated a few times does not grow the file forever


def section_hash(section: Section) -> str:
    """The section's Markdown, plus the code of setup blocks its snippets take from other sections:
    editing a setup block elsewhere changes what this section's snippets run."""
    content = hashlib.sha256(section.text.encode("utf-8"))
    borrowed = {id(s): s for snippet in section.snippets for s in snippet.setup_chain if s.section is not section}
    for setup in borrowed.values():
        content.update(f"\0setup {setup.markers.name}\0{setup.code}".encode("utf-8"))
    return content.hexdigest()


def load_record(path: Path | None) -> dict:
    """A record's ``sections`` mapping; empty when the file is missing or unreadable."""
    if path is None:
        return {}
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data.get("sections", {}) if isinstance(data, dict) and data.get("format") == FORMAT else {}


def run_fault(result, run_timeout: float) -> bool:
    """A result that says how the run was set up, not how the snippet behaves: a timeout under a
    limit shorter than the default (``--timeout 0.1``), or a snippet the run stopped (Ctrl-C)."""
    from .validate import DEFAULT_TIMEOUT_S

    if result.status == "timeout":
        return not result.markers.get("timeout") and run_timeout < DEFAULT_TIMEOUT_S
    return result.status == "failed" and result.message.startswith("the run was stopped")


def runs_of(run) -> dict[str, tuple[str, str, dict]]:
    """Section id -> (content hash, device, run entry) from a ValidationRun's first (primary) build.

    Sections with a result that is a fault of the run itself (see :func:`run_fault`) are left
    out: the record keeps what it knew, and a local run set up that way never shows users a
    section as worse than it is."""
    build = run.builds[0]
    device = build.device
    results = {r.id: r for r in run.results[build.python_path]}
    today = datetime.date.today().isoformat()
    by_section: dict[str, tuple[str, str, dict]] = {}
    for snippet in run.snippets:
        result, section = results.get(snippet.id), snippet.section
        if result is None or section is None:  # another shard ran it
            continue
        _, _, entry = by_section.setdefault(section.id, (section_hash(section), device, {
            "torch": build.torch.split("+")[0], "build": build.torch, "date": today,
            "gpu": gpu_name() if device == "cuda" else None, "snippets": []}))
        entry["snippets"].append({"line": result.line, "status": result.status, "message": headline(result.message)})
    run_timeout = getattr(run, "timeout", float("inf"))
    faulty = {r.section for r in results.values() if run_fault(r, run_timeout)}
    for section_id in faulty:
        by_section.pop(section_id, None)
    for _, _, entry in by_section.values():
        entry["status"] = _overall(entry["snippets"])
    return by_section


def headline(message: str) -> str:
    """A failure in one line: a traceback's exception line (its last unindented one), else the first line."""
    lines = [line for line in (message or "").splitlines() if line.strip()]
    if lines and lines[0].startswith("Traceback"):
        unindented = [line for line in lines[1:] if not line[0].isspace()]
        lines = unindented[-1:] or lines
    return lines[0].strip()[:300] if lines else ""


def record_run(run, path: Path, shipped: bool = False) -> None:
    """Add a run's primary-build results to the record at ``path``.

    ``shipped``: the record beside the references, which keeps one content hash per section
    (the one just validated); a local record keeps the last few per section.
    """
    path = Path(path)
    sections = load_record(path)
    fresh = runs_of(run)
    whole = len(run.results[run.builds[0].python_path]) == len(run.snippets)  # not one shard of several
    if shipped and whole:  # sections gone from a reference that was validated leave the record too
        validated = {s.section.reference for s in run.snippets if s.section is not None}
        sections = {i: h for i, h in sections.items() if i in fresh or i.split("#")[0] not in validated}
    for section_id, (digest, device, entry) in fresh.items():
        hashes = {} if shipped else sections.get(section_id, {})
        hashes = {h: devices for h, devices in hashes.items() if h != digest}
        devices = sections.get(section_id, {}).get(digest, {})
        hashes[digest] = {**devices, device: entry}
        newest = sorted(hashes, key=lambda h: max(e["date"] for e in hashes[h].values()), reverse=True)
        sections[section_id] = {h: hashes[h] for h in newest[:LOCAL_HASHES_KEPT]}
    _write(path, {"format": FORMAT, "sections": dict(sorted(sections.items()))})


def section_status(section: Section, shipped: dict, local: dict) -> dict:
    """The structured status of a section as served now, with ``text`` the readable line.

    ``status`` is verified, failed, not-run (every snippet skipped), stale (changed since the
    shipped record), not-validated or no-snippet.
    """
    if not any(s.runnable for s in section.snippets):
        return _status("no-snippet", "no runnable snippet")
    digest = section_hash(section)
    runs = dict(shipped.get(section.id, {}).get(digest, {}))
    for device, entry in _local_runs(local, section.id, digest).items():
        if device not in runs or entry["date"] >= runs[device]["date"]:
            runs[device] = entry
    if runs:
        return _from_runs(runs)
    if section.id in shipped:
        last = _from_runs(next(iter(shipped[section.id].values())))
        return _status("stale", f"changed since last validated (last: {last['text']})", reason="changed since "
                       "last validated", torch=last["torch"], date=last["date"])
    return _status("not-validated", "not validated yet")


def _local_runs(local: dict, section_id: str, digest: str) -> dict:
    return local.get(section_id, {}).get(digest, {})


def _from_runs(runs: dict) -> dict:
    ordered = [(d, runs[d]) for d in DEVICES if d in runs] + [(d, e) for d, e in runs.items() if d not in DEVICES]
    devices = {d: {"status": e["status"], "date": e["date"], "torch": e["torch"], "gpu": e.get("gpu")}
               for d, e in ordered}
    devices.update({d: None for d in DEVICES if d not in devices})  # "cuda: not run" in structured form
    torch = ordered[0][1]["torch"]
    date = max(e["date"] for _, e in ordered)
    failed = [(d, e) for d, e in ordered if e["status"] == "failed"]
    if failed:
        device, entry = failed[0]
        first = next(s["message"] for s in entry["snippets"] if s["status"] in ("failed", "timeout"))
        reason = first or "a snippet failed"
        return _status("failed", f"FAILED on torch {entry['torch']} {_where(device, entry)} {entry['date']}: {reason}",
                       torch=entry["torch"], devices=devices, date=date, reason=reason)
    ran = [(d, e) for d, e in ordered if e["status"] == "passed"]
    skipped = sorted({s["message"] for _, e in ordered for s in e["snippets"] if s["status"] == "skipped"})
    note = f"; not run: {'; '.join(skipped)}" if skipped else ""
    if not ran:
        return _status("not-run", f"not run on torch {torch}{note}", torch=torch, devices=devices, date=date,
                       reason="; ".join(skipped) or None)
    shown = [f"{_where(d, e)} {e['date']}" + ("" if e["torch"] == torch else f" (torch {e['torch']})") for d, e in ran]
    shown += [f"{d}: not run" for d in DEVICES if devices[d] is None]
    return _status("verified", f"verified on torch {torch}: {'; '.join(shown)}{note}", torch=torch, devices=devices,
                   date=date)


def _where(device: str, entry: dict) -> str:
    return f"{device} ({entry['gpu']})" if entry.get("gpu") else device


def _status(status: str, text: str, torch: str | None = None, devices: dict | None = None, date: str | None = None,
            reason: str | None = None) -> dict:
    runs = devices or {d: None for d in DEVICES}
    return {"status": status, "text": text, "torch": torch, "devices": [d for d, run in runs.items() if run],
            "runs": runs, "date": date, "reason": reason}


def _overall(snippets: list[dict]) -> str:
    states = {s["status"] for s in snippets}
    if states & {"failed", "timeout"}:
        return "failed"
    return "skipped" if states <= {"skipped"} else "passed"


def gpu_name() -> str | None:
    """The first GPU's name from nvidia-smi (not from CUDA: touching it in this process spoils forks)."""
    if not shutil.which("nvidia-smi"):
        return None
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=20, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return out.strip().splitlines()[0].strip() if out.strip() else None


def _write(path: Path, document: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, prefix=".record-", suffix=".json", delete=False,
                                     encoding="utf-8") as handle:
        json.dump(document, handle, indent=1, sort_keys=False)
        handle.write("\n")
    os.chmod(handle.name, 0o644)
    os.replace(handle.name, path)
