"""Validate references: parse, check statically, run (or reuse cached results), evaluate.

``validate()`` is the library entry point behind ``torchpatch validate``; reporting
(terminal, JSON, JUnit) lives in :mod:`.report`, the matrix verdicts in :mod:`.matrix`.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from .build import TorchBuild, inspect_build
from .cache import ResultCache, snippet_key
from .evaluate import evaluate
from .home import home_dir
from .matrix import check_claims
from .markdown import Problem, Snippet, iter_reference_files, parse_reference
from .results import BAD, FAILED, SKIPPED, SnippetResult
from .runner import SnippetRunner
from .shard import expected_duration, needs_compiler, select_shard
from .static import collect_torch_names

DEFAULT_TIMEOUT_S = 120.0
MEMORY_LIMIT_BYTES = 8 << 30  # a snippet's processes together (PSS), and RLIMIT_DATA for each one
PROCESS_LIMIT = 256  # processes in a snippet's tree at once: a fork bomb is killed, not the machine
OUTPUT_LIMIT_BYTES = 256 << 20

Progress = Callable[[str, int, int], None]  # (build label, done, total)


@dataclass
class ValidationOptions:
    pythons: Sequence[str] = ()  # interpreters to run under; empty: this one
    isolation: str = "fork"
    jobs: int = os.cpu_count() or 1
    timeout: float = DEFAULT_TIMEOUT_S
    use_cache: bool = True
    shard: tuple[int, int] | None = None


@dataclass
class ValidationRun:
    builds: list[TorchBuild]
    results: dict[str, list[SnippetResult]]  # build python path -> results in snippet order
    snippets: list[Snippet]
    problems: list[Problem] = field(default_factory=list)
    phases: dict[str, dict] = field(default_factory=dict)  # build python path -> where its time went
    timeout: float = DEFAULT_TIMEOUT_S  # the run's limit for snippets without a timeout= marker

    def failed(self) -> bool:
        """Malformed references, a bad result on the first build, or a contradicted version claim.

        Older builds in a matrix are expected to fail newer snippets; that alone is no failure.
        """
        primary = self.results[self.builds[0].python_path]
        if self.problems or any(r.status in BAD for r in primary):
            return True
        return any(c.verdict == "contradicted" for c in check_claims(self.snippets, self.builds, self.results))


def load_snippets(paths: Sequence[str | Path]) -> tuple[list[Snippet], list[Problem]]:
    snippets: list[Snippet] = []
    problems: list[Problem] = []
    files = list(iter_reference_files(paths))
    for path in files:
        if not path.exists():
            problems.append(Problem(str(path), 0, "no such file or folder"))
            continue
        reference = parse_reference(path, display=_display(path))
        problems.extend(reference.problems)
        snippets.extend(s for s in reference.snippets if s.runnable)
    return snippets, problems


def validate(paths: Sequence[str | Path], options: ValidationOptions, progress: Progress | None = None) -> ValidationRun:
    snippets, problems = load_snippets(paths)
    cache = ResultCache(home_dir() / "validate-cache.json")
    builds = [inspect_build(python) for python in (options.pythons or [sys.executable])]
    if options.shard:
        index, count = options.shard
        # Weighed by what a snippet is, not by the cache's recorded durations: shards run one after
        # another on one machine would each see the durations the previous ones recorded and split
        # differently, running some snippets twice and others never.
        snippets = select_shard(snippets, index, count, key=lambda s: s.id, duration=expected_duration)
    results, phases = {}, {}
    for build in builds:
        phases[build.python_path] = {}
        results[build.python_path] = _run_build(snippets, build, options, cache, progress, phases[build.python_path])
        cache.save()
    return ValidationRun(builds, results, snippets, problems, phases, options.timeout)


def _run_build(snippets: list[Snippet], build: TorchBuild, options: ValidationOptions, cache: ResultCache,
               progress: Progress | None, phases: dict) -> list[SnippetResult]:
    keys = [snippet_key(s, build) for s in snippets]
    results: dict[int, SnippetResult] = {}
    todo = []
    for position, (snippet, key) in enumerate(zip(snippets, keys)):
        entry = cache.get(key) if options.use_cache else None
        if entry:
            results[position] = _result(snippet, entry["status"], entry["message"], entry["duration_s"], cached=True)
        else:
            todo.append(position)
    done = len(results)
    if progress:
        progress(build.label, done, len(snippets))
    if todo:
        started = time.monotonic()
        with SnippetRunner(build.python_path, options.isolation, env=_child_env(build)) as runner:
            phases["server_start_s"] = round(time.monotonic() - started, 3)
            session = _BuildSession(runner, build, options)
            session.prepare([snippets[p] for p in todo], phases)
            order = _RunOrder(todo, lambda p: cache.duration(keys[p]) or expected_duration(snippets[p]),
                              lambda p: needs_compiler(snippets[p]), session.warm)
            pool = ThreadPoolExecutor(max_workers=max(1, options.jobs))
            try:
                # Each task takes its snippet when a worker is free, so the order can follow the warm-up.
                futures = [pool.submit(session.run_next, order, snippets) for _ in todo]
                for future in as_completed(futures):
                    position, outcome = future.result()
                    results[position] = session.result(snippets[position], outcome)
                    result = results[position]
                    if not result.cached:
                        cache.put(keys[position], result.status, result.message, result.duration_s)
                    done += 1
                    if progress:
                        progress(build.label, done, len(snippets))
            except BaseException:
                runner.close()  # Ctrl-C: end the snippets in flight, so no worker waits for them
                raise
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
            session.record(phases)
            phases["restarts"] = runner.restarts
        phases["total_s"] = round(time.monotonic() - started, 3)
    return [results[p] for p in range(len(snippets))]


class _BuildSession:
    """Everything one build needs to decide and run its snippets: probe, static names, jobs."""

    def __init__(self, runner: SnippetRunner, build: TorchBuild, options: ValidationOptions):
        self.runner, self.build, self.options = runner, build, options
        self.probe: dict = {}
        self.static: Future | None = None  # the static tier's answer, computed while snippets run
        self.warm: Future | None = None

    def prepare(self, snippets: list[Snippet], phases: dict) -> None:
        started = time.monotonic()
        modules = sorted({r.split(":", 1)[1] for s in snippets for r in s.markers.requires if r.startswith("module:")})
        self.probe = self.runner.run({"kind": "probe", "modules": modules, "timeout": 120})
        if self.probe.get("outcome") != "ok":
            raise RuntimeError(f"cannot probe {self.build.python_path}: {self.probe.get('message')}")
        phases["probe_s"] = round(time.monotonic() - started, 3)
        if any(needs_compiler(s) for s in snippets):
            self.warm = self.runner.warm()
        # With the snippet's line, as _static_problem asks: each snippet is parsed once (the answer is cached).
        names = sorted({name for s in snippets if s.language == "python"
                        for name in collect_torch_names(s.code, s.line).names})
        if names:  # after the warm-up, whose imports it shares; snippets run meanwhile and wait only for its verdict
            self.static = self.runner.submit({"kind": "static", "names": names, "timeout": 300, "after_warm": True})

    def record(self, phases: dict) -> None:
        if self.warm is not None:
            warmed = self.warm.result()
            phases["warm"] = {**warmed.get("timings", {}), "s": warmed.get("duration_s", 0.0)}
        if self.static is not None:
            phases["static_s"] = self.static.result().get("duration_s", 0.0)

    @property
    def unresolved(self) -> dict[str, str]:
        return self.static.result().get("unresolved", {}) if self.static is not None else {}

    def run_next(self, order: "_RunOrder", snippets: list[Snippet]) -> tuple[int, dict | None]:
        position = order.take()
        return position, self.run(snippets[position])

    def run(self, snippet: Snippet) -> dict | None:
        """Run the snippet unless it is skipped or the static tier has failed it already: its outcome."""
        if self._skip_reason(snippet):
            return None
        # A snippet the static tier has not answered for yet runs meanwhile; see result().
        if (self.static is None or self.static.done()) and self._static_problem(snippet):
            return None
        return self.runner.run(self._job(snippet))

    def result(self, snippet: Snippet, outcome: dict | None) -> SnippetResult:
        """The snippet's result; the static verdict takes precedence, so this may wait for it
        (in the caller's thread, not a worker's)."""
        skip_reason = self._skip_reason(snippet)
        static_problem = self._static_problem(snippet)
        if static_problem:
            return _result(snippet, FAILED, static_problem, 0.0, error_line=snippet.line)
        if skip_reason:
            return _result(snippet, SKIPPED, skip_reason, 0.0)
        status, message = evaluate(snippet.markers, outcome)
        error_line = (outcome.get("error_line") or [None, None])[1]
        message = message.replace(str(Path(snippet.file).resolve()), snippet.file)
        return _result(snippet, status, message, outcome.get("duration_s", 0.0), error_line=error_line)

    def _static_problem(self, snippet: Snippet) -> str | None:
        if snippet.language != "python":
            return None
        report = collect_torch_names(snippet.code, snippet.line)
        if report.syntax_error:
            return f"static check: does not parse: {report.syntax_error}"
        if snippet.markers.raises or snippet.markers.known_bug:
            return None  # showing a name that no longer exists is such a snippet's point
        missing = sorted(n for n in report.names if n in self.unresolved)
        if missing:
            details = "; ".join(f"{n} ({self.unresolved[n]})" for n in missing)
            return f"static check: not in torch {self.build.torch}: {details}"
        return None

    def _skip_reason(self, snippet: Snippet) -> str | None:
        markers = snippet.markers
        if markers.skip:
            return f"skip: {markers.skip}"
        for requirement in markers.requires:
            missing = self._missing(requirement)
            if missing:
                return f"{missing} ({markers.reason})"
        if markers.world_size > 1 and markers.needs_cuda and self.probe.get("device_count", 0) < markers.world_size:
            return f"needs {markers.world_size} GPUs for world-size={markers.world_size}"
        return None

    def _missing(self, requirement: str) -> str | None:
        if requirement.startswith("module:"):
            name = requirement.split(":", 1)[1]
            return None if name in self.probe.get("modules_found", []) else f"needs module {name}: not installed"
        if not self.probe.get("cuda_available"):
            return "needs CUDA: none present"
        if ">=" in requirement:
            wanted = tuple(int(x) for x in requirement.split(">=")[1].split("."))
            have = tuple(self.probe.get("capability") or (0, 0))
            if have < wanted:
                return f"needs CUDA capability {'.'.join(map(str, wanted))}: this GPU has {'.'.join(map(str, have))}"
        return None

    def _job(self, snippet: Snippet) -> dict:
        blocks = [
            {
                "language": block.language,
                "file": str(Path(block.file).resolve()),
                "line": block.line,
                "code": block.code,
                "name": block.markers.name,
                "functions": list(block.markers.functions),
            }
            for block in (*snippet.setup_chain, snippet)
        ]
        return {
            "kind": "snippet",
            "after_warm": self.warm is not None and needs_compiler(snippet),  # the server holds it till then
            "blocks": blocks,
            "world_size": snippet.markers.world_size,
            "timeout": snippet.markers.timeout or self.options.timeout,
            "memory_bytes": MEMORY_LIMIT_BYTES,
            "max_output_bytes": OUTPUT_LIMIT_BYTES,
            "max_processes": PROCESS_LIMIT,
        }


class _RunOrder:
    """Which snippet a free worker takes next: the longest first (recorded durations, else an
    estimate), so no long snippet starts last; but while the fork server warms up the compiler,
    the longest of those that need no compiler, which can run meanwhile."""

    def __init__(self, positions: list[int], duration: Callable[[int], float],
                 needs_compiler: Callable[[int], bool], warm: Future | None):
        self._waiting = sorted(positions, key=lambda p: -duration(p))
        self._needs_compiler, self._warm = needs_compiler, warm
        self._lock = threading.Lock()

    def take(self) -> int:
        with self._lock:
            if self._warm is not None and not self._warm.done():
                for index, position in enumerate(self._waiting):
                    if not self._needs_compiler(position):
                        return self._waiting.pop(index)
            return self._waiting.pop(0)


def _result(snippet: Snippet, status: str, message: str, duration: float, cached: bool = False,
            error_line: int | None = None) -> SnippetResult:
    return SnippetResult(
        file=snippet.file,
        line=snippet.line,
        section=snippet.section.id if snippet.section else "",
        status=status,
        markers=snippet.markers.as_dict(),
        duration_s=duration,
        message=message,
        cached=cached,
        error_line=error_line,
    )


def _child_env(build: TorchBuild) -> dict[str, str | None]:
    # Build caches per torch build: a matrix run must never load a .so another build compiled,
    # nor wait on its lock files.
    tag = f"{build.torch}-{(build.git_version or 'unknown')[:10]}-py{build.python}"
    home = home_dir()
    return {
        "TORCHINDUCTOR_CACHE_DIR": str(home / "inductor" / tag),
        "TORCH_EXTENSIONS_DIR": str(home / "extensions" / tag),
        "TORCHINDUCTOR_COMPILE_THREADS": "1",  # a subprocess pool per snippet costs more than it saves
        "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1"),  # parallel snippets, one core each
        "PYTHONDONTWRITEBYTECODE": "1",
        # torch reads CI (custom-op aliasing raises instead of warning there): snippets must behave
        # the same on a laptop and in a CI job, so they never see it.
        "CI": None,
    }


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)
