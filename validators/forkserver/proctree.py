"""Process trees on Linux: find every descendant, measure them, stop and kill them.

Each snippet process is a child subreaper, so whatever it starts (``setsid``, double forks)
stays in its tree; trees are read from ``/proc/<pid>/task/<tid>/children``.
"""

from __future__ import annotations

import ctypes
import os
import signal
import time

PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    """Orphaned descendants (a ``setsid`` daemon's double fork) are re-parented to this process."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: process groups are all there is


def children(pid: int) -> list[int]:
    """The direct children of ``pid`` (of every one of its threads)."""
    found: list[int] = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in threads:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as handle:
                found.extend(int(child) for child in handle.read().split())
        except OSError:
            pass
    return found


def descendants(pid: int) -> list[int]:
    found, frontier = [], [pid]
    while frontier:
        frontier = [child for parent in frontier for child in children(parent)]
        found.extend(frontier)
    return found


def tree_usage(pid: int) -> tuple[int, int]:
    """(processes, bytes of memory) of ``pid`` and its descendants. Memory is each process's
    proportional share (PSS): shared mappings count, and pages shared after a fork count once."""
    tree = [pid, *descendants(pid)]
    return len(tree), sum(_pss(p) for p in tree)


def _pss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def stop_descendants(pid: int) -> list[int]:
    """SIGSTOP every descendant of ``pid`` until no new one appears; a stopped process cannot fork."""
    stopped: list[int] = []
    for _ in range(100):
        fresh = [child for child in descendants(pid) if child not in stopped]
        if not fresh:
            break
        for child in fresh:
            send(child, signal.SIGSTOP)
        stopped.extend(fresh)
    return stopped


def kill_tree(pid: int) -> None:
    """SIGKILL ``pid`` and every process below it, whichever session or group they moved to."""
    send(pid, signal.SIGSTOP)
    for descendant in stop_descendants(pid):
        send(descendant, signal.SIGKILL)
    send(pid, signal.SIGKILL)
    kill_group(pid)  # and whatever is left in its process group


def end_descendants(deadline_s: float = 5.0) -> None:
    """Kill and reap every process this one started (it is their subreaper), before reporting."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        tree = stop_descendants(os.getpid())
        for pid in tree:
            send(pid, signal.SIGKILL)
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return  # no child left, dead or alive
        if not tree:
            time.sleep(0.01)  # killed children not yet reaped


def processes_with_token(token: str) -> list[int]:
    """Every process whose environment holds ``TORCHPATCH_RUN_TOKEN=<token>``: what one validation
    run started, found even after its fork server died and its daemons were re-parented to init."""
    needle = f"TORCHPATCH_RUN_TOKEN={token}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as handle:
                if needle in handle.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            pass
    return found


def kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def send(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass
