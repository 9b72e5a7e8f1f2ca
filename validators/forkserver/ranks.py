"""A multi-rank snippet: N forked ranks on loopback; the first rank that fails is reported."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

from .files import read_regular
from .ports import free_port

NETWORK_ERROR = "torch.distributed.DistNetworkError"
NETWORK_ATTEMPTS = 3
NETWORK_PAUSE_S = 1.0  # times the attempt number
RANK_GRACE_S = 15.0  # after one rank fails, how long the others get before they are killed


def run_ranks(job: dict, execute) -> dict:
    """``execute(blocks)`` runs the snippet in a rank. A run that fails only because a gloo
    connection was reset (seen on a busy 2-core machine, in snippets that pass on rerun; CI once saw
    two resets in a row) is run again on a new port, after a pause that lets the load pass; the
    last failure is reported."""
    for attempt in range(NETWORK_ATTEMPTS):
        if attempt:
            time.sleep(NETWORK_PAUSE_S * attempt)
        result = _run_ranks_once(job, execute)
        if not (result["outcome"] == "exception" and NETWORK_ERROR in result.get("exc_mro", [])):
            break
    return result


def _rank_file(job: dict, rank: int) -> str:
    return os.path.join(job["workdir"], f"rank{rank}.json")  # absolute: a snippet may change directory


def _run_ranks_once(job: dict, execute) -> dict:
    world = job["world_size"]
    for rank in range(world):  # a retry must not read the results of the first try
        if os.path.lexists(_rank_file(job, rank)):
            os.remove(_rank_file(job, rank))
    port = free_port()
    pids = {}
    for rank in range(world):
        pid = os.fork()
        if pid == 0:
            os.environ.update(
                RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(world), LOCAL_WORLD_SIZE=str(world),
                MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port),
            )
            result = execute(job["blocks"])
            with open(_rank_file(job, rank), "w") as handle:
                json.dump(result, handle, default=str)
            sys.stdout.flush()
            os._exit(0)
        pids[pid] = rank
    failures: list[dict] = []
    deadline = None
    while pids:
        if deadline is not None and time.monotonic() > deadline:
            for pid in pids:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            break
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            time.sleep(0.02)
            continue
        rank = pids.pop(pid, None)
        if rank is None:
            continue  # an orphan a rank left behind, re-parented to this subreaper
        result = _rank_result(job, rank, status)
        if result["outcome"] != "ok":
            result["rank"] = rank
            failures.append(result)
            deadline = deadline or time.monotonic() + RANK_GRACE_S
    if not failures:
        return {"outcome": "ok"}
    first = failures[0]
    prefix = f"rank {first['rank']} of {world} failed"
    first["message"] = f"{prefix}: {first.get('message', '')}"
    if "traceback" in first:
        first["traceback"] = f"{prefix}:\n{first['traceback']}"
    return first


def _rank_result(job: dict, rank: int, status: int) -> dict:
    data = read_regular(_rank_file(job, rank))
    if data is not None:
        try:
            return json.loads(data)
        except ValueError:
            return {"outcome": "crash", "message": f"rank {rank}'s result file is corrupt"}
    if os.WIFSIGNALED(status):
        return {"outcome": "crash", "message": f"killed by {signal.Signals(os.WTERMSIG(status)).name}"}
    return {"outcome": "crash", "message": f"exited with status {os.WEXITSTATUS(status)}"}
