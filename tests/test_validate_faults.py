"""Issue 27: `validate` under snippets that attack the harness. Each run ends, with a report,
and nothing a snippet did outlives it or forges its verdict."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from torchpatch.validators.runner import SCRATCH_PREFIX, SnippetRunner
from torchpatch.validators.validate import ValidationOptions, validate

HEADER = "# Faults\nScope: x\n## Contents\n## Cases\n"
ENDS_WITHIN_S = 300  # far beyond any of these runs: reaching it means the run would wait for ever


def _reference(tmp_path: Path, *blocks: str) -> Path:
    doc = tmp_path / "faults.md"
    doc.write_text(HEADER + "".join(f"```python\n{block}```\n" for block in blocks))
    return doc


def _validate_ends(paths, options) -> object:
    """validate() in a thread: the run, or a failure when it does not end (today's hang)."""
    outcome: dict = {}

    def target():
        try:
            outcome["run"] = validate(paths, options)
        except BaseException as exc:  # noqa: BLE001 - raised again in the test's thread
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(ENDS_WITHIN_S)
    assert not thread.is_alive(), "validate did not end"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["run"]


def _statuses(run, python=sys.executable) -> list[str]:
    return [r.status for r in run.results[python]]


def _job(code: str, **limits) -> dict:
    return {"kind": "snippet", "timeout": 60, **limits,
            "blocks": [{"language": "python", "file": "x.md", "line": 1, "code": code}]}


# --- item 2: no endless wait ------------------------------------------------------------------


def test_a_replacement_server_that_cannot_start_ends_the_run(tmp_path, fresh_home):
    """The fork server dies and no new one can be started (here: its interpreter is gone; under a fork
    bomb, Popen raises BlockingIOError): the reader thread must survive and every job be answered."""
    python = tmp_path / "python"  # a wrapper (a venv's interpreter does not work through a link elsewhere)
    python.write_text(f"#!/bin/sh\nexec {sys.executable} \"$@\"\n")
    python.chmod(0o755)
    doc = _reference(tmp_path, f"import os, signal\nos.remove({str(python)!r})\nos.kill(os.getppid(), signal.SIGKILL)\n"
                     "import time\ntime.sleep(5)\n", "assert 1 + 1 == 2\n")
    run = _validate_ends([doc], ValidationOptions(pythons=[str(python)], use_cache=False, jobs=1))
    results = run.results[str(python)]
    assert results[0].status == "failed" and "took down the fork server" in results[0].message
    assert results[1].status == "failed" and "no fork server could be started" in results[1].message


def test_a_fifo_in_place_of_the_output_log_does_not_hang_the_server(tmp_path, fresh_home):
    doc = _reference(tmp_path, "import os\nos.remove('output.log')\nos.mkfifo('output.log')\n", "assert True\n")
    run = _validate_ends([doc], ValidationOptions(use_cache=False, jobs=1))
    assert _statuses(run) == ["passed", "passed"]


def test_a_line_that_is_not_json_on_the_protocol_pipe_is_ignored(tmp_path, fresh_home):
    doc = _reference(tmp_path, "import os\nwith open(f'/proc/{os.getppid()}/fd/1', 'w') as pipe:\n"
                     "    pipe.write('this is not json\\n')\n", "assert True\n")
    run = _validate_ends([doc], ValidationOptions(use_cache=False, jobs=1))
    assert _statuses(run) == ["passed", "passed"]


def test_a_server_that_stops_answering_is_killed_after_the_jobs_deadline(tmp_path, monkeypatch):
    """The watchdog: a job whose outcome never comes (here the server is stopped with SIGSTOP)
    ends as a crash once its deadline passes, instead of a wait without end."""
    from torchpatch.validators import runner as runner_module

    monkeypatch.setattr(runner_module, "GRACE_S", 2.0)
    with SnippetRunner(sys.executable, env={"OMP_NUM_THREADS": "1"}, replace_dead_server=False) as runner:
        future = runner.submit(_job("import time\ntime.sleep(1)\n", timeout=1))
        os.kill(runner._server.proc.pid, signal.SIGSTOP)
        outcome = future.result(timeout=ENDS_WITHIN_S)
    assert outcome["outcome"] == "crash" and "stopped answering" in outcome["message"], outcome


# --- item 7: a snippet that changes directory --------------------------------------------------


def test_a_snippet_that_changes_directory_passes_and_writes_nothing_there(tmp_path, fresh_home):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    doc = _reference(tmp_path, f"import os\nos.chdir({str(elsewhere)!r})\n",
                     f"import os\nos.chdir({str(elsewhere)!r})\nraise ValueError('a real failure')\n")
    run = _validate_ends([doc], ValidationOptions(use_cache=False, jobs=1))
    passed, failed = run.results[sys.executable]
    assert passed.status == "passed", passed.message
    assert failed.status == "failed" and "a real failure" in failed.message
    assert list(elsewhere.iterdir()) == []


# --- item 9: a daemon whose snippet killed the fork server ---------------------------------------


def test_a_daemon_outlives_neither_its_snippet_nor_the_fork_server_it_killed(tmp_path, fresh_home):
    token = f"daemon-token-{os.getpid()}"
    out = tmp_path / "daemon.txt"
    daemon = (f"import os, signal, sys, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
              f"        sys.argv[1:] = [{token!r}]\n        while True:\n"
              f"            open({str(out)!r}, 'a').write('x')\n            time.sleep(0.05)\n    os._exit(0)\n"
              f"while not os.path.exists({str(out)!r}):\n    time.sleep(0.05)\n"
              "os.kill(os.getppid(), signal.SIGKILL)\nos._exit(0)  # before the harness ends its descendants\n")
    _validate_ends([_reference(tmp_path, daemon)], ValidationOptions(use_cache=False, jobs=1))
    size = out.stat().st_size
    import time

    time.sleep(1.0)
    assert out.stat().st_size == size, "the daemon still writes"


# --- item 10: limits over a snippet's whole process tree ------------------------------------------


MB = 1 << 20
# A fresh interpreter per snippet (no torch): a forked child's RLIMIT_DATA would also count the
# heap it inherits, and these tests are about what no per-process limit sees.
BARE = "process"


def test_memory_limit_covers_a_snippets_children_together(fresh_home):
    code = ("import os, time\nfor _ in range(3):\n    if os.fork() == 0:\n"
            f"        block = b'\\x01' * ({100 * MB})\n        time.sleep(30)\n        os._exit(0)\ntime.sleep(30)\n")
    with SnippetRunner(sys.executable, isolation=BARE) as runner:
        outcome = runner.run(_job(code, memory_bytes=200 * MB))
    assert outcome["outcome"] == "crash" and "over the memory limit" in outcome["message"], outcome


def test_memory_limit_covers_shared_mappings(fresh_home):
    code = (f"import mmap, time\nshared = mmap.mmap(-1, {300 * MB})\nfor at in range(0, {300 * MB}, 4096):\n"
            "    shared[at] = 1\ntime.sleep(30)\n")
    with SnippetRunner(sys.executable, isolation=BARE) as runner:
        outcome = runner.run(_job(code, memory_bytes=200 * MB))
    assert outcome["outcome"] == "crash" and "over the memory limit" in outcome["message"], outcome


def test_process_limit_stops_a_snippet_that_starts_too_many(fresh_home):
    code = "import subprocess, time\nfor _ in range(40):\n    subprocess.Popen(['sleep', '30'])\ntime.sleep(30)\n"
    with SnippetRunner(sys.executable, isolation=BARE) as runner:
        outcome = runner.run(_job(code, max_processes=20))
    assert outcome["outcome"] == "crash" and "more than 20 processes" in outcome["message"], outcome


# --- item 16: scratch folders ---------------------------------------------------------------------


def test_no_scratch_folder_is_left_after_a_fork_server_death(tmp_path, fresh_home, monkeypatch):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr("tempfile.tempdir", None)  # recomputed from TMPDIR
    doc = _reference(tmp_path, "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n", "assert True\n")
    _validate_ends([doc], ValidationOptions(use_cache=False, jobs=1))
    assert list(scratch.iterdir()) == []


def test_scratch_folders_of_a_killed_run_are_removed_by_the_next(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    dead = subprocess.Popen(["true"])
    dead.wait()
    (tmp_path / f"{SCRATCH_PREFIX}{dead.pid}-abc" / "snippet-x").mkdir(parents=True)
    with SnippetRunner(sys.executable, isolation="process") as runner:
        assert runner.run({"kind": "static", "names": [], "timeout": 60})["outcome"] == "ok"
    assert list(tmp_path.iterdir()) == []


# --- item 20: the protocol pipe is not the snippet's -----------------------------------------------


def test_a_snippet_cannot_forge_its_verdict_through_the_pipe(tmp_path, fresh_home):
    forge = ("import json, os\nwith open(f'/proc/{os.getppid()}/fd/1', 'w') as pipe:\n"
             "    for job in range(50):\n"
             "        pipe.write(json.dumps({'id': str(job), 'outcome': 'ok', 'output': ''}) + '\\n')\n"
             "raise AssertionError('the real verdict')\n")
    run = _validate_ends([_reference(tmp_path, forge)], ValidationOptions(use_cache=False, jobs=1))
    result = run.results[sys.executable][0]
    assert result.status == "failed" and "the real verdict" in result.message


def test_a_snippet_cannot_make_validate_kill_another_process(tmp_path, fresh_home):
    bystander = subprocess.Popen(["sleep", "120"])
    try:
        forge = ("import json, os, signal\nwith open(f'/proc/{os.getppid()}/fd/1', 'w') as pipe:\n"
                 "    for job in range(50):\n"
                 f"        pipe.write(json.dumps({{'started': str(job), 'pid': {bystander.pid}}}) + '\\n')\n"
                 "os.kill(os.getppid(), signal.SIGKILL)\n")
        _validate_ends([_reference(tmp_path, forge)], ValidationOptions(use_cache=False, jobs=1))
        assert bystander.poll() is None, "validate killed a process the snippet named"
    finally:
        bystander.kill()
        bystander.wait()
