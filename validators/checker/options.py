"""What a check run uses, from the command line and the nearest ``[tool.torchpatch]`` together.

The `torchpatch check` command and the standard-library pre-commit hook (``hooks/torchpatch-check``)
both call :func:`resolve`, so a typo in a selector is an error (exit 2) and the config file counts
whichever way the checker is run. Flags override the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import InvalidInput
from .check import parse_target
from .config import Config, find_config, read_config
from .ruleset import RuleSet
from .selection import Selection, unknown_selectors


@dataclass(frozen=True)
class RunOptions:
    selection: Selection
    torch_version: str | None
    exclude: tuple[str, ...]
    config: Config


def split_selectors(values: Iterable[str]) -> tuple[str, ...]:
    """``--select A,B --select C`` -> (A, B, C)."""
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def resolve(files: Iterable[str], rules: RuleSet, *, select: Iterable[str] = (), ignore: Iterable[str] = (),
            severity: str | None = None, torch_version: str | None = None, exclude: Iterable[str] = (),
            config_file: str | None = None, isolated: bool = False) -> RunOptions:
    """The selection, target and exclusions for checking ``files``; InvalidInput for an unknown
    selector, a bad config file or a malformed target version."""
    config = Config() if isolated else read_config(Path(config_file)) if config_file else \
        (read_config(found) if (found := find_config(files)) else Config())
    chosen, ignored = split_selectors(select), split_selectors(ignore)
    unknown = unknown_selectors((*chosen, *ignored, *config.selectors), rules)
    if unknown:
        where = f" (in --select/--ignore or {config.path})" if config.path else ""
        raise InvalidInput(f"unknown rule selector(s){where}: {', '.join(unknown)}; "
                           "see `torchpatch check --list-rules`")
    selection = Selection(chosen or config.select or (), ignored or config.ignore or (),
                          severity or config.severity or "info", config.per_file_ignores,
                          str(config.root) if config.root else None)
    target = torch_version or config.target_version
    parse_target(target)
    return RunOptions(selection, target, tuple(exclude) or tuple(config.exclude or ()), config)
