"""Fault containment: what a snippet starts ends with it, and a snippet that kills the fork server
fails alone while the run goes on."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.validators.runner import SnippetRunner
from torchpatch.validators.validate import ValidationOptions, validate

HEADER = "# Containment\nScope: x\n## Contents\n## Cases\n"

# A process that leaves the snippet's session and process group, and appends to a file until killed.
ESCAPE = """
import os, subprocess, sys, time
subprocess.Popen([sys.executable, "-c",
                  "import sys, time\\nwhile True:\\n    open(sys.argv[1], 'a').write('x')\\n    time.sleep(0.05)",
                  {out!r}, {token!r}], start_new_session=True)
while not os.path.exists({out!r}):  # it is running (a loaded machine starts it slowly)
    time.sleep(0.05)
"""
# The classic daemon: fork, setsid, fork again, the middle process exits (the daemon is orphaned).
DOUBLE_FORK = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        sys.argv[1:] = [{token!r}]
        while True:
            open({out!r}, "a").write("x")
            time.sleep(0.05)
    os._exit(0)
while not os.path.exists({out!r}):
    time.sleep(0.05)
"""


def _reference(tmp_path, *blocks: str):
    doc = tmp_path / "contained.md"
    doc.write_text(HEADER + "".join(blocks))
    return doc


def _alive_with(token: str) -> list[int]:
    alive = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    cmdline = handle.read()
                with open(f"/proc/{entry}/stat") as handle:
                    state = handle.read().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if token.encode() in cmdline and state != "Z":
                alive.append(int(entry))
    return alive


def _assert_stopped_writing(out) -> None:
    size = out.stat().st_size if out.exists() else 0
    time.sleep(0.5)
    assert (out.stat().st_size if out.exists() else 0) == size


def test_escaped_session_and_daemon_end_with_their_snippet(tmp_path, fresh_home):
    token = f"escape-token-{os.getpid()}"
    out1, out2 = tmp_path / "popen.txt", tmp_path / "daemon.txt"
    doc = _reference(
        tmp_path,
        "```python\n" + ESCAPE.format(out=str(out1), token=token) + "```\n",
        "```python\n" + DOUBLE_FORK.format(out=str(out2), token=token) + "```\n",
    )
    run = validate([doc], ValidationOptions(use_cache=False, jobs=2))
    assert [r.status for r in run.results[sys.executable]] == ["passed", "passed"]
    assert out1.exists() and out2.exists()  # they did run...
    assert _alive_with(token) == []  # ...and none outlived its snippet
    _assert_stopped_writing(out1)
    _assert_stopped_writing(out2)


def test_a_timed_out_snippet_takes_its_escaped_processes_along(tmp_path, fresh_home):
    token = f"timeout-token-{os.getpid()}"
    out = tmp_path / "popen.txt"
    doc = _reference(tmp_path, "```python timeout=15\n" + ESCAPE.format(out=str(out), token=token)
                     + "time.sleep(60)\n```\n")
    run = validate([doc], ValidationOptions(use_cache=False))
    assert run.results[sys.executable][0].status == "timeout"
    assert _alive_with(token) == []
    _assert_stopped_writing(out)


def test_tempfile_writes_land_in_the_scratch_folder(tmp_path, fresh_home):
    doc = _reference(tmp_path, "```python\nimport os, tempfile\nfolder = tempfile.mkdtemp()\n"
                     "assert folder.startswith(os.getcwd()), (folder, os.getcwd())\n"
                     "assert os.environ['TMPDIR'] == os.getcwd()\n```\n")
    run = validate([doc], ValidationOptions(use_cache=False))
    assert run.results[sys.executable][0].status == "passed", run.results[sys.executable][0].message


def test_a_snippet_that_kills_the_fork_server_fails_alone_and_is_named(tmp_path, fresh_home):
    doc = _reference(
        tmp_path,
        "```python\nassert 1 + 1 == 2\n```\n",
        "```python\nimport os, signal, time\ntime.sleep(0.5)\nos.kill(os.getppid(), signal.SIGKILL)\n"
        "time.sleep(5)\n```\n",
        "```python\nimport time\ntime.sleep(1.5)  # in flight when the server dies: a suspect, re-run alone\n```\n",
        "```python\nimport torch\nassert torch.ones(2).sum().item() == 2\n```\n",
    )
    report = tmp_path / "report.json"
    result = CliRunner().invoke(cli, ["validate", str(doc), "--no-cache", "-q", "-j", "2", "--json", str(report)])
    assert result.exit_code == 1, result.output
    # The JSON report, not the terminal text: that wraps by the checkout's path and the terminal's width.
    results = json.loads(report.read_text())["results"]
    assert [r["status"] for r in results] == ["passed", "failed", "passed", "passed"]
    killer = results[1]
    assert "took down the fork server" in killer["message"]
    from torchpatch.validators.validate import load_snippets

    second = load_snippets([doc])[0][1]
    assert Path(killer["file"]).name == "contained.md" and killer["line"] == second.line  # it names the snippet


def test_warm_up_leaves_the_server_single_threaded_and_compiles_still_run(tmp_path, fresh_home):
    env = {"TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "inductor"), "OMP_NUM_THREADS": "1"}
    with SnippetRunner(sys.executable, env=env) as runner:
        warmed = runner.warm().result()
        assert warmed["outcome"] == "ok"
        assert warmed["threads"] == 1  # a thread in the server would make every later child hang
        assert "imports" in warmed["timings"] and "torch_key" in warmed["timings"]
        code = ("import torch\nf = torch.compile(lambda x: torch.sin(x) * 2)\n"
                "x = torch.randn(8)\ntorch.testing.assert_close(f(x), torch.sin(x) * 2)\n")
        job = {"kind": "snippet", "timeout": 300,
               "blocks": [{"language": "python", "file": "x.md", "line": 1, "code": code}]}
        outcomes = [future.result() for future in [runner.submit(job), runner.submit(job)]]
    assert [o["outcome"] for o in outcomes] == ["ok", "ok"], outcomes


def test_snippets_without_the_compiler_run_during_the_warm_up_and_compiles_wait_for_it(tmp_path, fresh_home):
    env = {"TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "inductor"), "OMP_NUM_THREADS": "1"}
    check = ("import sys\nassert {} ('torch._inductor.compile_fx' in sys.modules)\n")

    def job(code: str, after_warm: bool) -> dict:
        return {"kind": "snippet", "timeout": 300, "after_warm": after_warm,
                "blocks": [{"language": "python", "file": "x.md", "line": 1, "code": code}]}

    finished: list[str] = []
    with SnippetRunner(sys.executable, env=env) as runner:
        warm = runner.warm()
        held = runner.submit(job(check.format(""), after_warm=True))  # forked from the warmed server
        eager = runner.submit(job("import torch\nassert torch.ones(2).sum().item() == 2\n", after_warm=False))
        for name, future in (("warm", warm), ("held", held), ("eager", eager)):
            future.add_done_callback(lambda _, name=name: finished.append(name))
        outcomes = [future.result() for future in (warm, held, eager)]
    assert [o["outcome"] for o in outcomes] == ["ok", "ok", "ok"], outcomes
    assert finished.index("eager") < finished.index("warm") < finished.index("held"), finished


def test_while_warming_a_free_worker_takes_the_longest_snippet_that_needs_no_compiler():
    from concurrent.futures import Future

    from torchpatch.validators.validate import _RunOrder

    durations = {0: 0.1, 1: 5.0, 2: 0.5, 3: 3.0}  # 1 and 3 need the compiler
    warm: Future = Future()
    order = _RunOrder(list(durations), durations.get, lambda p: p in (1, 3), warm)
    assert [order.take(), order.take()] == [2, 0]  # the compiles wait for the warm-up
    assert order.take() == 1  # nothing else left: a compile is sent, and the server holds it
    warm.set_result({"outcome": "ok"})
    assert order.take() == 3


def test_ranks_then_compiles_are_expected_longest_so_they_start_first(tmp_path):
    from torchpatch.validators.shard import expected_duration, needs_compiler
    from torchpatch.validators.validate import load_snippets

    doc = _reference(tmp_path, "```python\nimport torch\nx = torch.ones(2)\n```\n",
                     "```python\nimport torch\nf = torch.compile(lambda x: x + 1)\n```\n",
                     "```python world-size=2\nimport torch.distributed as dist\n```\n",
                     "```cpp name=ext functions=twice\nint64_t twice(int64_t x) { return 2 * x; }\n```\n",
                     "```python setup=ext\nassert ext.twice(2) == 4\n```\n")
    snippets, _ = load_snippets([doc])
    assert [needs_compiler(s) for s in snippets] == [False, True, False, True, True]
    eager, compiled, ranks, build, user = (expected_duration(s) for s in snippets)
    assert ranks == build > compiled > user > eager  # the build's user waits until it is cached


def test_rank_ports_come_from_below_the_kernels_ephemeral_range():
    """A port the kernel hands out can be handed out again to another snippet's gloo socket before
    rank 0 binds it; ports below the ephemeral range never are."""
    from torchpatch.validators import forkserver

    low = forkserver._ephemeral_low()
    ports = {forkserver._free_port() for _ in range(20)}
    assert all(1024 <= port < low for port in ports)
    assert len(ports) > 1  # drawn afresh in each (forked) caller, not from a shared random state


def test_ranks_that_lose_a_gloo_connection_are_run_up_to_three_times(tmp_path, fresh_home):
    flaky_twice = ("```python world-size=2\nimport os, torch.distributed as dist\n"
                   "if os.environ['RANK'] == '0':\n"
                   "    marks = [name for name in os.listdir('.') if name.startswith('try')]\n"
                   "    if len(marks) < 2:\n"
                   "        open(f'try{len(marks)}', 'w').close()\n"
                   "        raise dist.DistNetworkError('Connection reset by peer')\n```\n")
    always = ("```python world-size=2\nimport torch.distributed as dist\n"
              "raise dist.DistNetworkError('Connection reset by peer')\n```\n")
    doc = _reference(tmp_path, flaky_twice, always)
    run = validate([doc], ValidationOptions(use_cache=False, jobs=1))
    first, second = run.results[sys.executable]
    assert first.status == "passed", first.message
    assert second.status == "failed" and "Connection reset by peer" in second.message
